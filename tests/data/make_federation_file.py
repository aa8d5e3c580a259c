"""Writes ``federation_500.csv``: a regional federation's entry list as such files come (issue 17).

    python tests/data/make_federation_file.py

Windows-1251, ``;``-separated, a title block of four rows above the header, the headings federations use
(«Фамилия, имя, отчество», «Год рождения», «Звание», «Представитель», «Тел.»), 500 players from 20 clubs,
each club's representative with his phone on his first row only, ranks as written by hand («КМС», «2 р.»,
«II разряд», «б/р»…), some years of birth alone, and on purpose:

- ``KNOWN``: people already registered (the test creates them); the file names two exactly as registered
  and four others spelt another way (ё/е, capitals, initials, the year only) — twins to propose;
- ``BAD``: rows that cannot be saved (a day that does not exist, a rank not understood, no gender, the
  same player twice, a player by initials alone who is nobody known).

Deterministic (a fixed seed): running it again writes the same bytes.
"""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "federation_500.csv"
ROWS = 500

SURNAMES = ["Абрамов", "Алиев", "Баранов", "Белов", "Васильев", "Гасанов", "Григорьев", "Давыдов", "Ершов",
            "Жуков", "Зайцев", "Ильин", "Казаков", "Королёв", "Лебедев", "Мамедов", "Медведев", "Никитин",
            "Орлов", "Павлов", "Рябов", "Семёнов", "Соловьёв", "Тарасов", "Фёдоров", "Хасанов", "Цветков",
            "Чернов", "Шаров", "Щукин", "Юсупов", "Яковлев"]  # fmt: skip
NAMES = ["Александр", "Артём", "Борис", "Вадим", "Георгий", "Дмитрий", "Евгений", "Игорь", "Кирилл", "Максим",
         "Николай", "Олег", "Пётр", "Роман", "Сергей", "Тимур", "Фёдор", "Эльдар"]  # fmt: skip
PATRONYMICS = ["Александрович", "Борисович", "Викторович", "Геннадьевич", "Иванович", "Михайлович",
               "Павлович", "Семёнович", "Юрьевич"]  # fmt: skip
RANKS = ["КМС", "МС", "1 р.", "2 р.", "3 р.", "2 разряд", "II разряд", "1 разряд", "б/р", "Б/Р", "3 юн.", ""]
REGIONS = ["Тульская область", "г. Москва", "Московская область", "Калужская область", "Рязанская область"]

# (surname, name, patronymic, birth date as registered, year only)
KNOWN = [
    ("Ёлкин", "Пётр", "Семёнович", "08.06.1965", False),
    ("Алексеев", "Роман", "Юрьевич", "12.04.1980", False),
    ("Шахбазов", "Эльдар", "Ильхамович", "30.11.1992", False),
    ("Гусейнов", "Гусейн", "Рашидович", "1970", True),
    ("Корнеев", "Андрей", "Андреевич", "05.05.1977", False),
    ("Мельников", "Олег", "Игоревич", "17.09.1988", False),
]
# Line in the file → how the known person is written there (the header is line 5, players from line 6).
TWIN_ROWS = {
    40: ("Елкин Петр Семенович", "08.06.1965"),  # ё → е
    120: ("АЛЕКСЕЕВ Р. Ю.", "12.04.1980"),  # capitals and initials
    200: ("Шахбазов  Эльдар", "1992"),  # the year only, no patronymic, two spaces
    280: ("гусейнов гусейн рашидович", "15.03.1970"),  # small letters; registered with the year only
}
EXACT_ROWS = {
    300: ("Корнеев Андрей Андреевич", "05.05.1977"),
    310: ("Мельников Олег Игоревич", "17.09.1988"),
}
BAD = {
    17: "Дата рождения",  # 31.02: no such day
    58: "Разряд",  # «7 р.»
    144: "Пол",  # empty
    233: "row",  # the player of line 232 again
    377: "Имя",  # «Незнакомов П. П.»: initials, and nobody known
}
HEADER_LINE = 5
TITLE = [
    ["ЗАЯВКА"],
    ["на участие в Открытом кубке по длинным нардам, 5–6 декабря 2026 г., г. Тула"],
    ["от региональной федерации нард; представители клубов указаны в таблице"],
    [],
]
HEADER = ["№ п/п", "Фамилия, имя, отчество", "Год рождения", "Пол", "Клуб", "Субъект РФ", "Звание",
          "Тренер", "Представитель", "Тел."]  # fmt: skip


def rows() -> list[list[str]]:
    rnd = random.Random(17)
    out: list[list[str]] = []
    seen = set()
    for i in range(ROWS):
        line = HEADER_LINE + 1 + i
        club = i // 25  # 20 clubs of 25 players
        while True:
            surname, name, patronymic = rnd.choice(SURNAMES), rnd.choice(NAMES), rnd.choice(PATRONYMICS)
            year = rnd.randint(1950, 2004)
            key = (surname, name, patronymic, year)
            if key not in seen:
                seen.add(key)
                break
        fio = f"{surname} {name} {patronymic}"
        born = (
            f"{rnd.randint(1, 28):02d}.{rnd.randint(1, 12):02d}.{year}" if rnd.random() > 0.15 else str(year)
        )
        gender = "М"
        rank = rnd.choice(RANKS)
        coach = (
            f"{rnd.choice(SURNAMES)} {rnd.choice(NAMES)[0]}. {rnd.choice(PATRONYMICS)[0]}." if i % 3 else ""
        )
        representative = f"Представителев{club:02d} Иван Петрович"
        phone = f"+7 910 {100 + club:03d}-{club:02d}-{club:02d}" if i % 25 == 0 else ""
        if line in TWIN_ROWS:
            fio, born = TWIN_ROWS[line]
        if line in EXACT_ROWS:
            fio, born = EXACT_ROWS[line]
        if line == 17:
            born = "31.02.1990"
        if line == 58:
            rank = "7 р."
        if line == 144:
            gender = ""
        if line == 377:
            fio = "Незнакомов П. П."
        row = [str(i + 1), fio, born, gender, f"Клуб «Нарды-{club + 1}»", REGIONS[club % len(REGIONS)], rank,
               coach, representative, phone]  # fmt: skip
        if line == 233:
            row = [str(i + 1), *out[-1][1:]]
        out.append(row)
    return out


def content() -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerows([*TITLE, HEADER, *rows()])
    return buffer.getvalue().encode("cp1251")


if __name__ == "__main__":
    OUT.write_bytes(content())
    print(f"{OUT}: {ROWS} rows, {OUT.stat().st_size} bytes")
