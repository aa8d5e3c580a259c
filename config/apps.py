from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The site's own checks (config/checks.py); no models."""

    name = "config"
    label = "site"

    def ready(self) -> None:
        from config import checks  # noqa: F401  inner import: registers the system checks once apps are ready
