"""What the draw tells the apps above it (they connect in their ``AppConfig.ready``; draw imports none).

``round_published``: sender=Round; round (the row after the change), user. Sent inside the transaction that
publishes it (``draw.manager.publish_round``): the notifications write their outbox rows in it (issue 33),
so a publication rolled back tells nobody. A round drawn again and published again is published again: the
receivers tell only what changed.
"""

from __future__ import annotations

from django.dispatch import Signal

round_published = Signal()
