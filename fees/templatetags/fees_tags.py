from django import template

from fees.manager import category_words
from fees.manager import rub as rub_text

register = template.Library()


@register.filter
def rub(kopecks) -> str:
    return rub_text(int(kopecks or 0))


@register.filter
def fee_category(code: str) -> str:
    return category_words(code)
