# Promemoria del turno (/bingo reminders): un messaggio diretto quando una decisione del
# membro aspetta da metà del suo tempo, un avviso se scadere il tempo gli farebbe perdere
# la partita (RULES §1.8); nel thread della partita se i suoi messaggi diretti sono chiusi.

## /bingo reminders

cmd-bingo-reminders =
    .name = promemoria
    .description = Promemoria del turno in privato: attivali, disattivali o guarda la tua scelta.
cmd-bingo-reminders-mode =
    .name = modo
    .description = Attivi o disattivi (ometti per vedere la tua scelta)
choice-reminders_on =
    .name = attivi
choice-reminders_off =
    .name = disattivi

reminders-on =
    ⏰ I promemoria del turno sono **attivi** (in ogni server, anche nelle partite in corso). Quando una tua decisione aspetta da metà del suo tempo, ricevi un messaggio diretto, oppure una menzione nel thread della partita se i tuoi messaggi diretti sono chiusi. Quando scadere il tempo ti farebbe perdere la partita ({ $turns ->
        [one] { $turns } turno scaduto
       *[other] { $turns } turni di fila scaduti
    }), ricevi invece un avviso. Niente mentre stai giocando.
reminders-off = I promemoria del turno sono **disattivi**: nessun messaggio quando una tua decisione aspetta. Attivali con `/bingo promemoria`.

## I promemoria (in privato: la lingua del membro; nel thread: quella del server)

reminders-hand = Il tuo pannello: `/bingo mano`
reminders-panel-link = [Vai al tuo pannello]({ $url })
reminders-dm = ⏰ Tocca ancora a te in BingoMagic #{ $id } contro { $other }: il tempo scade { $deadline }. { $link }
reminders-forfeit-dm =
    ⚠️ BingoMagic #{ $id } contro { $other }: il tempo ti è scaduto per { $n ->
        [one] { $n } turno
       *[other] { $n } turni di fila
    }. Se scade anche questo ({ $deadline }), perdi la partita. { $link }
reminders-thread = { $user }, ⏰ tocca ancora a te in BingoMagic #{ $id }: il tempo scade { $deadline }. Premi **Mostra la mia mano** sul tabellone.
reminders-forfeit-thread = { $user }, ⚠️ se scade anche questo turno di BingoMagic #{ $id } ({ $deadline }), perdi la partita. Premi **Mostra la mia mano** sul tabellone.
