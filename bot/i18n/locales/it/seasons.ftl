# Stagioni, chi compare in classifica e le sue pagine (cogs/bingo/_leaderboard.py).

seasons-all-time = Di sempre
seasons-before-first = Prima della prima stagione
seasons-name = Stagione { $number }: { $name }
seasons-leaderboard-listed = In classifica: i membri con almeno { $min ->
    [one] { $min } partita valida per il rating
   *[other] { $min } partite valide per il rating
} ancora nel server. Il rating scende piano finché il membro non gioca.
seasons-page = Pagina { $page } di { $pages }
seasons-not-listed = In classifica da { $min ->
        [one] { $min } partita valida
       *[other] { $min } partite valide
    } per il rating ({ $played } finora).
seasons-nobody-listed = Ancora nessuno in classifica: si entra dopo { $min ->
    [one] { $min } partita valida per il rating
   *[other] { $min } partite valide per il rating
} in questo server.
seasons-more-to-go = { $more ->
    [one] Ancora una partita valida per il rating e sei in classifica.
   *[other] Ancora { $more } partite valide per il rating e sei in classifica.
}
seasons-unranked = non in classifica
seasons-unknown = In questo server non c'è la stagione «{ $season }». Scegline una dall'elenco, oppure «di sempre».
seasons-refused = Solo chi ha il permesso Gestisci server può avviare una stagione.
seasons-name-invalid = Una stagione ha bisogno di un nome con almeno una lettera (non solo un numero, e non «all-time»).
seasons-name-taken = Questo server ha già una stagione chiamata «{ $name }».
seasons-started = **Stagione { $number }: { $name }** è iniziata! Ogni rating di questo server riparte da zero. Le classifiche precedenti restano: scegli una stagione con `{ cmd-bingo-leaderboard-season.name }:` in `/{ cmd-bingo.name } { cmd-bingo-leaderboard.name }`.
seasons-start-ask = Avviare la **stagione { $number }: { $name }**? Il rating di ogni membro di questo server riparte da zero e la classifica ricomincia vuota. Non si cancella nulla: le classifiche finora restano in `/{ cmd-bingo.name } { cmd-bingo-leaderboard.name }` e `/{ cmd-bingo.name } { cmd-bingo-stats.name }` (opzione `{ cmd-bingo-leaderboard-season.name }:`), e `/{ cmd-bingo.name } { cmd-bingo-season.name } { cmd-bingo-season-list.name }` elenca le stagioni.
seasons-start-confirm = Avvia la nuova stagione
seasons-start-cancel = Annulla
seasons-start-cancelled = Annullato: nessuna nuova stagione, ogni rating resta com'è.
seasons-start-stale = Non è iniziato nulla: la stagione di questo server è cambiata da quando l'hai chiesto (`/{ cmd-bingo.name } { cmd-bingo-season.name } { cmd-bingo-season-list.name }`). Riprova se vuoi ancora una nuova stagione.
seasons-start-done = La stagione { $number }: { $name } è iniziata; l'ho annunciato in questo canale.
seasons-none = Questo server non ha ancora avviato nessuna stagione: `/bingo season start`.
seasons-list-line = **{ $number }.** { $name } — dal { $start }
seasons-min-games-saved = Salvato: servono { $min ->
    [one] { $min } partita valida
   *[other] { $min } partite valide
} per comparire in classifica.
seasons-rating-unlisted = **{ $ordinal }** (μ { $mu } ± { $sigma })

cmd-bingo-season =
    .name = stagione
    .description = Le stagioni BingoMagic di questo server.
cmd-bingo-season-start =
    .name = avvia
    .description = Solo Gestisci server: avvia una nuova stagione.
cmd-bingo-season-start-name =
    .name = nome
    .description = Il nome della nuova stagione
cmd-bingo-season-list =
    .name = elenco
    .description = Le stagioni di questo server.
cmd-bingo-leaderboard-season =
    .name = stagione
    .description = Una stagione, oppure di sempre (predefinita: quella in corso)
cmd-bingo-stats-season =
    .name = stagione
    .description = Una stagione, oppure di sempre (predefinita: quella in corso)
cmd-bingo-settings-leaderboard =
    .name = classifica
    .description = Solo Gestisci server: chi compare in classifica.
cmd-bingo-settings-leaderboard-min_games =
    .name = partite_minime
    .description = Partite valide per il rating necessarie per comparire (predefinito 5)
