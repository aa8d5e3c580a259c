"""The documents, one module each: its plain frozen data, ``build`` (models → data) and ``render``
(data → PDF, with the layout kit of ``protocols.layout``).

Every ``build`` reads the database once and returns frozen dataclasses of strings, numbers and tuples,
translated into the language active at the call (``protocols.documents`` activates the documents' language,
Russian); ``protocols.documents.fingerprint`` hashes them, and a document is made again only when they
changed. Rules are cited as a reader knows them (``tournaments.rules.cite``); the code's clause keys stay in
comments. A document that is not final yet (a draft round's pairings and match protocols, the final
protocol, the chief judge's report and the diplomas of a tournament not finished) carries ``draft``: the
renderer prints it on every page. What several documents say alike (the heading, who signs, the
regulation's facts) is ``protocols.facts``.

The tests check the data and read each rendered PDF back once.
"""
