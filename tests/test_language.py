"""Russian is the default language whatever the browser asks; English when the visitor chooses it."""


def test_russian_by_default_even_for_an_english_browser(client, db):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert "Турниры" in response.content.decode()
    assert response["Content-Language"] == "ru"


def test_the_language_switch_gives_english(client, db):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    page = client.get("/").content.decode()
    assert "Tournaments" in page and "Турниры" not in page
