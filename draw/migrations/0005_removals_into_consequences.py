"""Issue 26 part 3: the consequences of removals (004 §5.7.3) recorded until now as a team's entry in its stage's
plan (``removed_teams``) and as the participant's ``results_annulled`` become ``Consequence`` rows, with the
sanction that removed him as their source; the stage's plan is the engine's plan again."""

from django.db import migrations


def _source(ContentType, row, model: str) -> dict:
    if row is None:
        return {}
    kind, _created = ContentType.objects.get_or_create(app_label="judging", model=model)
    return {"source_type": kind, "source_id": row.pk}


def _participant_sanction(Sanction, p, outcome: str):
    people = [p.person_id] + ([p.partner_id] if p.partner_id else [])
    return (
        Sanction.objects.filter(tournament_id=p.tournament_id, person_id__in=people, outcome=outcome)
        .order_by("-issued_at", "-id")
        .first()
    )


def forwards(apps, schema_editor):
    Stage = apps.get_model("draw", "Stage")
    Consequence = apps.get_model("draw", "Consequence")
    Participant = apps.get_model("registration", "Participant")
    Team = apps.get_model("registration", "Team")
    Sanction = apps.get_model("judging", "Sanction")
    TeamSanction = apps.get_model("judging", "TeamSanction")
    ContentType = apps.get_model("contenttypes", "ContentType")
    for stage in Stage.objects.order_by("pk"):
        if "removed_teams" not in stage.plan:
            continue
        for key, outcome in stage.plan["removed_teams"].items():
            team = Team.objects.filter(pk=int(key), tournament_id=stage.tournament_id).first()
            if team is None:
                continue
            ruling = TeamSanction.objects.filter(team=team).order_by("kind", "-issued_at", "-id").first()
            Consequence.objects.create(
                tournament_id=stage.tournament_id,
                stage=stage,
                kind="annulled" if outcome == "annulled" else "technical",
                team=team,
                clause="004 §5.7.3",
                **_source(ContentType, ruling, "teamsanction"),
            )
        stage.plan = {k: v for k, v in stage.plan.items() if k != "removed_teams"}
        stage.save(update_fields=["plan"])
    for p in Participant.objects.filter(status="removed").order_by("pk"):
        outcome = "annulled" if p.results_annulled else "technical"
        ruling = _participant_sanction(Sanction, p, outcome)
        if ruling is None and not p.results_annulled:
            continue  # removed before anything was drawn: no consequence on any result
        Consequence.objects.create(
            tournament_id=p.tournament_id,
            stage_id=ruling.stage_id if ruling is not None else None,
            kind=outcome,
            participant=p,
            clause="004 §5.7.3",
            **_source(ContentType, ruling, "sanction"),
        )


def backwards(apps, schema_editor):
    Consequence = apps.get_model("draw", "Consequence")
    Participant = apps.get_model("registration", "Participant")
    for c in Consequence.objects.filter(team__isnull=False, stage__isnull=False).select_related("stage"):
        if c.kind in ("annulled", "technical"):
            stage = c.stage
            stage.plan = {**stage.plan, "removed_teams": {**stage.plan.get("removed_teams", {}), str(c.team_id): c.kind}}
            stage.save(update_fields=["plan"])
    annulled = Consequence.objects.filter(kind="annulled", participant__isnull=False).values("participant_id")
    Participant.objects.filter(pk__in=annulled).update(results_annulled=True)
    Consequence.objects.filter(kind__in=("annulled", "technical")).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("draw", "0004_consequence"),
        ("judging", "0003_team_sanction"),
        ("registration", "0007_people_of_other_tournaments"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
