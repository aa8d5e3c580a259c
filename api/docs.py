"""Swagger UI served from our own static files: nothing is loaded from a CDN (no network at the venue)."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.template import Context, Template
from django.templatetags.static import static
from ninja.openapi.docs import Swagger

PAGE = Template(
    """<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>{{ title }}</title>
<link rel="stylesheet" href="{{ css }}"></head>
<body data-csrf-token="" data-api-csrf="">
<script type="application/json" id="swagger-settings">{{ settings|safe }}</script>
<div id="swagger-ui"></div>
<script src="{{ bundle }}"></script><script src="{{ init }}"></script>
</body></html>"""
)


class LocalSwagger(Swagger):
    def render_page(self, request: HttpRequest, api, **kwargs) -> HttpResponse:
        self.settings["url"] = self.get_openapi_url(api, kwargs)
        html = PAGE.render(
            Context(
                {
                    "title": api.title,
                    "settings": json.dumps(self.settings),
                    "css": static("vendor/swagger-ui/swagger-ui.css"),
                    "bundle": static("vendor/swagger-ui/swagger-ui-bundle.js"),
                    "init": static("vendor/swagger-ui/swagger-ui-init.js"),
                }
            )
        )
        return HttpResponse(html)
