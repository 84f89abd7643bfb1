# Il messaggio delle iscrizioni quando il torneo è iniziato (cogs/bingo/_tournaments.py).
tournament-signup-closed =
    🏆 **{ $name }** (torneo n. { $id }): iscrizioni chiuse, il torneo è iniziato.
    Turni svizzeri: { $rounds } · { $minutes ->
        [one] un minuto
       *[other] { $minutes } minuti
    } a turno{ $cut ->
        [0] {""}
       *[other] {""} · taglio ai primi { $cut }
    }
    Giocatori ({ $count }): { $players }
