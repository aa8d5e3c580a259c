"""Number the protests already filed within their tournament, in the order they were filed."""

from django.db import migrations


def number_protests(apps, schema_editor):
    Protest = apps.get_model("judging", "Protest")
    counters: dict[int, int] = {}
    for protest in Protest.objects.filter(number__isnull=True).order_by("tournament_id", "filed_at", "id"):
        counters[protest.tournament_id] = counters.get(protest.tournament_id, 0) + 1
        Protest.objects.filter(pk=protest.pk).update(number=counters[protest.tournament_id])


class Migration(migrations.Migration):
    dependencies = [("judging", "0002_matchnote_protest_filed_kind_protest_filed_score1_and_more")]

    operations = [migrations.RunPython(number_protests, migrations.RunPython.noop)]
