"""What the tournament's pages show about registration: the tabs for officials, the "submit an entry" button,
the visitor's own entry."""

from django import template
from django.utils import timezone

from registration.models import Entry, RegistrationSettings
from registration.permissions import DECIDERS, RUNNERS, is_official, roles_of

register = template.Library()


@register.simple_tag(takes_context=True)
def sees_entries(context, tournament) -> bool:
    return is_official(context["request"].user, tournament)


@register.inclusion_tag("registration/_detail_box.html", takes_context=True)
def registration_box(context, tournament):
    user = context["request"].user
    reg = RegistrationSettings.of(tournament)
    own = (
        Entry.objects.filter(tournament=tournament, person__user=user).select_related("person").first()
        if user.is_authenticated
        else None
    )
    roles = roles_of(user, tournament)
    return {
        "t": tournament,
        "reg": reg,
        "open": reg.accepts_self_registration(timezone.now()),
        "own": own,
        "decider": user.is_superuser or bool(roles & DECIDERS),
        "runner": user.is_superuser or bool(roles & RUNNERS),
    }
