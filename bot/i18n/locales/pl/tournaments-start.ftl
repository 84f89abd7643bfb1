# Wiadomość zapisów po rozpoczęciu turnieju (cogs/bingo/_tournaments.py).
tournament-signup-closed =
    🏆 **{ $name }** (turniej #{ $id }): zapisy są zamknięte, turniej się rozpoczął.
    Rundy szwajcarskie: { $rounds } · { $minutes } min na rundę{ $cut ->
        [0] {""}
       *[other] {""} · top { $cut } w fazie pucharowej
    }
    Gracze ({ $count }): { $players }
