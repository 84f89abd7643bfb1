# Moderazione (/bingo mod …, /bingo settings moderation) e turni di torneo a tempo.
mod-refused = Solo i moderatori possono farlo: i membri con Gestisci messaggi, o con il ruolo di moderatore scelto in `/bingo settings moderation`.
mod-no-live-match = Non c'è nessuna partita in corso #{ $id } in questo server.
mod-ended = La partita #{ $id } è finita, senza risultato. Ai giocatori è stato detto perché.
mod-ended-public = { $players }: un moderatore ha chiuso BingoMagic #{ $id } senza risultato (non conta per nessuno). Motivo: { $reason }
mod-challenge-cancelled = Un moderatore ha annullato la sfida di { $challenger } a { $opponent }.
mod-cancelled = { $count ->
        [0] { $member } non ha sfide aperte.
        [one] Annullata una sfida aperta di { $member }.
       *[other] Annullate { $count } sfide aperte di { $member }.
    }
mod-removed = { $player } è stato tolto da { $name }.
mod-settings-none = nessuno
mod-settings-saved = Impostazioni di moderazione salvate. Ruolo di moderatore: { $role }. Canale del registro: { $channel }.
mod-log-end = { $moderator } ha chiuso la partita #{ $id } senza risultato. Motivo: { $reason }
mod-log-cancel = { $moderator } ha annullato { $count ->
        [one] una sfida aperta
       *[other] { $count } sfide aperte
    } di { $member }.
mod-log-remove = { $moderator } ha tolto { $player } da { $name } (torneo #{ $id }).

tournament-table-waiting = aspetta che finisca la partita in corso di un giocatore
tournament-table-started = Tavolo { $table }: { $a } contro { $b } ora possono giocare.
tournament-round-timed-out = { $name }: il tempo del turno { $round } è scaduto. { $drawn ->
        [one] Un tavolo non finito è chiuso.
       *[other] { $drawn } tavoli non finiti sono chiusi.
    }
tournament-round-warning = { $name }: il turno { $round } finisce { $deadline }. Le partite non finite saranno allora pareggi.

# Comandi
cmd-bingo-mod =
    .name = mod
    .description = Modera BingoMagic (moderatori).
cmd-bingo-mod-end =
    .name = chiudi
    .description = Solo moderatori: chiudi una partita in corso senza risultato.
cmd-bingo-mod-end-match =
    .name = partita
    .description = Il numero della partita (sul suo tabellone)
cmd-bingo-mod-end-reason =
    .name = motivo
    .description = Perché: lo vedono entrambi i giocatori
cmd-bingo-mod-cancel =
    .name = annulla
    .description = Solo moderatori: annulla le sfide aperte di un membro.
cmd-bingo-mod-cancel-member =
    .name = membro
    .description = Di chi sono le sfide (fatte o ricevute)
cmd-bingo-mod-remove =
    .name = togli
    .description = Solo moderatori: togli un giocatore da un torneo.
cmd-bingo-mod-remove-player =
    .name = giocatore
    .description = Il giocatore da togliere
cmd-bingo-mod-remove-tournament =
    .name = torneo
    .description = Il numero del torneo (predefinito: il più recente aperto)
cmd-bingo-settings-moderation =
    .name = moderazione
    .description = Solo Gestisci server: il ruolo di moderatore e il canale del registro di moderazione.
cmd-bingo-settings-moderation-role =
    .name = ruolo
    .description = I membri con questo ruolo moderano BingoMagic (vuoto: solo Gestisci messaggi)
cmd-bingo-settings-moderation-channel =
    .name = canale
    .description = Dove si registrano le azioni dei moderatori (vuoto: nessun registro)
