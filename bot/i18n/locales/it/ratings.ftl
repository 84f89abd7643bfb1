# Punteggi (openskill) in /bingo statistiche e /bingo classifica, replay e rivincite.
# $ordinal è il punteggio mostrato (mu - 3 sigma); $change ha il segno ("+3.4", "-1.2").

ratings-field = Punteggio
ratings-value = **{ $ordinal }** (μ { $mu } ± { $sigma }) · posizione n. { $rank }
ratings-last-change = Ultima partita (#{ $id }): { $change }
ratings-leaderboard-title = Classifica di BingoMagic
ratings-leaderboard-line = **{ $rank }.** { $who } — { $ordinal } ({ $matches ->
    [one] { $matches } partita valutata
   *[other] { $matches } partite valutate
})
ratings-leaderboard-none = Ancora nessuna partita valutata in questo server.
ratings-leaderboard-footer = Punteggio = μ − 3σ (openskill), dalle partite tra membri (quelle contro il bot sono escluse). Usa per: vittorie per ordinare per vittorie.
ratings-your-rating = Il tuo punteggio
ratings-no-rating = Non hai ancora un punteggio qui: finisci una partita contro un membro.

choice-rating =
    .name = punteggio
choice-wins =
    .name = vittorie

cmd-bingo-leaderboard-by =
    .name = per
    .description = Ordina per punteggio (predefinito) o per vittorie

## Replay

replay-title = Replay di BingoMagic #{ $id } — { $first } contro { $second }
replay-step = Passo { $step } di { $total }
replay-nothing = (nulla da mostrare in questo passo)
replay-hands = Mani
replay-empty-hand = (vuota)
replay-previous = Indietro
replay-next = Avanti
# The button on a player's end-of-match panel that opens the replay.
replay-open = Rivedi la partita
replay-unknown = Non c'è nessuna partita #{ $id } in questo server.
replay-not-over = La partita #{ $id } è ancora in corso: potrai rivederla quando sarà finita.
replay-broken = La partita #{ $id } non può essere rivista.

cmd-bingo-replay =
    .name = replay
    .description = Rivedi passo per passo una partita finita di BingoMagic di questo server.
cmd-bingo-replay-match =
    .name = partita
    .description = Il numero della partita (sulla sua plancia e sul risultato)

## Rivincita

rematch-button = Rivincita
rematch-unavailable = Per questa partita non c'è rivincita.
rematch-not-yours = Solo i due giocatori di questa partita possono chiedere la rivincita.
rematch-gone = Il tuo avversario non è più in questo server.
