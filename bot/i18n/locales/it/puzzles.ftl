## Puzzle (/bingo puzzle, docs/puzzles.md)

cmd-bingo-puzzle =
    .name = puzzle
    .description = Un puzzle da una partita vera: trova la mossa migliore (lo vedi solo tu).
cmd-bingo-daily-puzzle =
    .name = puzzle-del-giorno
    .description = Il puzzle del giorno di questo server (lo vedi solo tu).

puzzle-title = 🧩 Puzzle #{ $id }: trova la mossa migliore
puzzle-from-own = Dalla tua partita #{ $match }: impara dai tuoi errori
puzzle-from-server = Dalla partita #{ $match } di questo server
puzzle-from-selfplay = Da una partita che ho giocato contro me stesso
puzzle-from-daily = Puzzle del giorno · { $date }
puzzle-seat = Giochi come **{ $name }**.
puzzle-bot-name = { $level ->
    [easy] Bot facile
    [hard] Bot difficile
   *[medium] Bot medio
}
puzzle-turn = Turno { $turn }.
puzzle-mulligans = Mulligan, prima del primo turno.
puzzle-last = Appena prima: { $line }
puzzle-answered-before = Hai già risposto a questo puzzle: questa risposta non conta per il punteggio.
puzzle-hand = La tua mano
puzzle-table = Tavolo
puzzle-table-you = Tu: { $territory } · scarti { $discard }
puzzle-table-other = { $name }: { $territory } · scarti { $discard } · { $hand ->
        [one] { $hand } carta in mano
       *[other] { $hand } carte in mano
    }
puzzle-table-library = Mazzo: { $library ->
        [one] { $library } carta
       *[other] { $library } carte
    }
puzzle-footer = Il tuo punteggio nei puzzle: { $rating } · serie: { $streak ->
        [one] { $streak } giorno
       *[other] { $streak } giorni
    } · lo vedi solo tu
puzzle-picture-alt = Il tavolo di questo puzzle. { $board }

puzzle-solved = ✅ Risolto! Puzzle #{ $id }
puzzle-missed = ❌ Non è la mossa migliore. Puzzle #{ $id }
puzzle-you-chose = Hai scelto: **{ $move }**.
puzzle-best = Mossa migliore: **{ $move }**.
puzzle-played-own = Nella tua partita avevi scelto { $move }.
puzzle-played-other = Nella partita, il giocatore di turno aveva scelto { $move }.
puzzle-chances-head = Probabilità che { $name } (il giocatore di turno) vinca dopo ogni mossa
puzzle-chance-line = { $mark } { $move }: { $chance } %
puzzle-chances-note = Stimata da ciò che { $name } vedeva allora (le carte nascoste sono simulate, mai lette), con { $worlds ->
        [one] { $worlds } partita simulata
       *[other] { $worlds } partite simulate
    } per mossa. ✅ migliore · 👉 la tua risposta · 🎯 giocata nella partita.
puzzle-rating-change = Il tuo punteggio nei puzzle: { $before } → **{ $after }** ({ $delta }).
puzzle-not-rated = Non conteggiata: conta solo la prima risposta a un puzzle.
puzzle-streak = Serie: { $streak ->
        [one] { $streak } giorno
       *[other] { $streak } giorni
    } di fila con un puzzle risolto (record: { $best }).
puzzle-rating-of-puzzle = Punteggio di questo puzzle: { $rating } · { $solved } su { $attempts ->
        [one] { $attempts } prima risposta giusta
       *[other] { $attempts } prime risposte giuste
    }.

puzzle-button-replay = Rivedi la partita
puzzle-button-next = Prossimo puzzle
puzzle-button-again = Riprova
puzzle-button-solve = Risolvilo
puzzle-replay-footer = Puzzle #{ $id } · { $rules }
puzzle-replay-selfplay-title = Replay: una partita che ho giocato contro me stesso
puzzle-none = Per ora non ci sono altri puzzle per te: hai risposto a tutti quelli disponibili qui. I nuovi nascono dalle partite analizzate (`/{ cmd-bingo.name } { cmd-bingo-analyse.name }`).
puzzle-none-today = Questo server non ha ancora un puzzle del giorno: i puzzle nascono dalle partite analizzate (`/{ cmd-bingo.name } { cmd-bingo-analyse.name }`).
puzzle-gone = Questo puzzle non c'è più: la sua partita è stata eliminata.
puzzle-day-over = Quel giorno è finito: il puzzle di oggi è a un `/{ cmd-bingo.name } { cmd-bingo-daily-puzzle.name }` di distanza.
puzzle-post-title = 🧩 Puzzle del giorno · { $date }
puzzle-post-text = Una posizione da una partita vera: trova la mossa migliore. Premi **Risolvilo**: il puzzle e la tua risposta li vedi solo tu. La tua prima risposta di oggi conta per il tuo punteggio e la tua serie.
privacy-export-about-puzzles = puzzles: il tuo punteggio nei puzzle (Glicko-2: rating, 1500 all'inizio; rd, quanto è incerto, 350 all'inizio; volatility), i puzzle a cui hai risposto e quelli risolti, la tua serie di giorni con un puzzle risolto, ogni risposta (la mossa scelta, se era la migliore, il punteggio prima e dopo) e i puzzle nati dalle tue decisioni (la loro partita e il passo).
