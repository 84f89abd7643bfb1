# The sign-up message once the tournament has started (cogs/bingo/_tournaments.py).
tournament-signup-closed =
    🏆 **{ $name }** (tournament #{ $id }): sign-up is closed, the tournament has started.
    Swiss rounds: { $rounds } · { $minutes ->
        [one] one minute
       *[other] { $minutes } minutes
    } a round{ $cut ->
        [0] {""}
       *[other] {""} · top { $cut } cut
    }
    Players ({ $count }): { $players }
