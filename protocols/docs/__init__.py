"""The documents, one module each: its plain frozen data, ``build`` (models → data) and ``render``
(data → PDF)."""
