"""Russian first: the language is the one the visitor chose with the switch (a cookie), else Russian.

Django's LocaleMiddleware would follow the browser's Accept-Language, which puts a federation's Russian
pages into English on any English-language phone; here the default is the regulation's language.
"""

from django.conf import settings
from django.utils import translation


class ChosenLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.available = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request):
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        language = chosen if chosen in self.available else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        return response
