"""What judging tells the apps above it (they connect in their ``AppConfig.ready``; judging imports none).

``protocol_handed_in``: a player handed in a match protocol with a game-by-game record (003). Sent inside the
transaction that saves the protocol, so a receiver that raises ``JudgingError`` (an unreadable record) undoes
the whole hand-in. The records app keeps the text as the match's record (one record per match).
"""

from __future__ import annotations

from django.dispatch import Signal

# sender=MatchProtocol; protocol, record (the text, may be blank), user
protocol_handed_in = Signal()

# sender=Tournament; tournament (the row after the change), user. Sent inside the transaction of the finish
# and of the reopening (``judging.lifecycle``): the federation's rating and register follow the finished
# events (issue 31 §2), and a receiver that raises undoes the move.
tournament_finished = Signal()
tournament_reopened = Signal()
