# Protests, rulings and sanctions come with the judging issue (004 §5.7, §5.10).
