"""Number the entries already made within their tournament, in the order they were received."""

from django.db import migrations


def number_entries(apps, schema_editor):
    Entry = apps.get_model("registration", "Entry")
    counters: dict[int, int] = {}
    for entry in Entry.objects.filter(number__isnull=True).order_by("tournament_id", "created_at", "id"):
        counters[entry.tournament_id] = counters.get(entry.tournament_id, 0) + 1
        Entry.objects.filter(pk=entry.pk).update(number=counters[entry.tournament_id])


class Migration(migrations.Migration):
    dependencies = [("registration", "0002_ranknorm_entry_club_entry_coach_entry_number_and_more")]

    operations = [migrations.RunPython(number_entries, migrations.RunPython.noop)]
