from django import template

from fees.manager import category_words
from fees.manager import rub as rub_text
from registration.permissions import can_decide

register = template.Library()


@register.simple_tag(takes_context=True)
def keeps_fees(context, tournament) -> bool:
    """The payments page's rule (``fees.views``): the commission's desk keeps the ledgers."""
    return can_decide(context["request"].user, tournament)


@register.filter
def rub(kopecks) -> str:
    return rub_text(int(kopecks or 0))


@register.filter
def fee_category(code: str) -> str:
    return category_words(code)
