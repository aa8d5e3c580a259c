"""The judges' categories named as the Ministry of Sport's forms name them (issue 30 item 12): the labels of
the choice change, the stored values stay; a category typed as text before it was a choice (an import, the
admin, a raw update) is mapped to its value where it can be told («ССВК», «ВК», «1 категория», «СС2К»,
«юный судья» …); anything else is left as it is."""

import re

from django.db import migrations, models

# The words of a category as people write them, folded (lower case, ё = е, no spaces, dots or hyphens).
WORDS = {
    "national": ("ссвк", "вк", "всероссийская", "всероссийскаякатегория", "судьявсероссийскойкатегории"),
    "first": ("сс1к", "1к", "1", "первая", "перваякатегория", "1категория", "судьяпервойкатегории"),
    "second": ("сс2к", "2к", "2", "вторая", "втораякатегория", "2категория", "судьявторойкатегории"),
    "third": ("сс3к", "3к", "3", "третья", "третьякатегория", "3категория", "судьятретьейкатегории"),
    "young": ("юсс", "юс", "юный", "юныйсудья", "юныйспортивныйсудья"),
}
CODES = {word: code for code, words in WORDS.items() for word in words}


def fold(text: str) -> str:
    text = text.casefold().replace("ё", "е").replace("спортивный", "")
    return re.sub(r"[\s.\-–—_]+", "", text)


def map_free_texts(apps, schema_editor):
    Official = apps.get_model("registration", "Official")
    for official in Official.objects.exclude(judging_category="").exclude(judging_category__in=list(WORDS)):
        code = CODES.get(fold(official.judging_category))
        if code is not None:
            official.judging_category = code
            official.save(update_fields=["judging_category"])


class Migration(migrations.Migration):
    dependencies = [
        ("registration", "0009_remove_participant_results_annulled"),
    ]

    operations = [
        migrations.AlterField(
            model_name="official",
            name="judging_category",
            field=models.CharField(
                blank=True,
                choices=[
                    ("national", "sports judge of the all-Russian category"),
                    ("first", "sports judge of the 1st category"),
                    ("second", "sports judge of the 2nd category"),
                    ("third", "sports judge of the 3rd category"),
                    ("young", "young sports judge"),
                ],
                max_length=10,
                verbose_name="judging category",
            ),
        ),
        migrations.RunPython(map_free_texts, migrations.RunPython.noop),
    ]
