"""Game records attached to matches: stored with who and when, validated by rules_core, replayed."""
