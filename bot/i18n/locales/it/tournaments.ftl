# Tornei svizzeri: /bingo tournament …

tournament-button-join = Iscriviti
tournament-button-leave = Ritirati
tournament-rounds-auto = in base al numero di giocatori
tournament-nobody = ancora nessuno
tournament-signup =
    🏆 **{ $name }** (torneo n. { $id }): iscrizioni aperte!
    Turni svizzeri: { $rounds } · { $minutes ->
        [one] un minuto
       *[other] { $minutes } minuti
    } a turno{ $cut ->
        [0] {""}
       *[other] {""} · taglio ai primi { $cut }
    }
    Giocatori ({ $count }): { $players }
tournament-started = 🏆 **{ $name }** è iniziato: { $count ->
        [one] un giocatore
       *[other] { $count } giocatori
    }, { $rounds ->
        [one] un turno svizzero
       *[other] { $rounds } turni svizzeri
    }.
tournament-round-title = **{ $name }**: abbinamenti del turno { $round } (termina { $deadline })
tournament-cut-title = **{ $name }**: turno a eliminazione { $round } (termina { $deadline })
tournament-table-line = Tavolo { $table }: { $a } contro { $b }
tournament-bye-line = Bye: { $player } (una vittoria, 3 punti)
tournament-round-title-ended = **{ $name }**: turno { $round } — concluso
tournament-cut-title-ended = **{ $name }**: turno a eliminazione { $round } — concluso
tournament-table-result = Tavolo { $table }: { $a } contro { $b } · { $result ->
        [a] ha vinto { $a }
        [b] ha vinto { $b }
       *[draw] pareggio
    }
tournament-standings-title = **{ $name }**: classifica dopo il turno { $round }
tournament-final-title = 🏆 **{ $name }**: classifica finale
tournament-standings-header = `#  ` Giocatore · punti · V-S-P · OMW% · GW% · OGW%
tournament-standings-line = `{ $rank }.` { $player } · **{ $points }** · { $wins }-{ $losses }-{ $draws } · { $omw } · { $gw } · { $ogw }{ $dropped ->
        [yes] {" "}(ritirato)
       *[no] {""}
    }
tournament-none = In questo server non c'è nessun torneo.
tournament-not-organizer = Solo un organizzatore (Gestisci server, o il ruolo degli organizzatori) può farlo.
tournament-organizer-manage-only = Solo chi ha il permesso Gestisci server può impostare il ruolo degli organizzatori.
tournament-organizer-set = Organizzatori dei tornei: i membri con Gestisci server e i membri con il ruolo { $role }.
tournament-organizer-cleared = Organizzatori dei tornei: solo i membri con Gestisci server.
tournament-too-many = Questo server ha già { $n ->
        [one] { $n } torneo
       *[other] { $n } tornei
    } in iscrizione o in corso.
tournament-already-started = Quel torneo è già iniziato.
tournament-too-few = Un torneo richiede almeno 2 giocatori.
tournament-not-running = Quel torneo non è in corso.
tournament-join-already = Sei già iscritto.
tournament-join-full = Il torneo è al completo ({ $n ->
        [one] { $n } giocatore
       *[other] { $n } giocatori
    }).
tournament-join-closed = Le iscrizioni a questo torneo sono chiuse.
tournament-leave-absent = Non sei iscritto a questo torneo.
tournament-leave-closed = Le iscrizioni a questo torneo sono chiuse.
tournament-no-table = { $player } non ha un tavolo nel turno in corso.
tournament-reported = Risultato registrato per il tavolo { $table } del turno { $round }.
tournament-not-a-player = { $player } non gioca in questo torneo (o si è già ritirato).
tournament-dropped = { $player } si è ritirato dal torneo (dopo il turno { $round }).
tournament-round-ended = Turno { $round } terminato: { $drawn ->
        [one] una partita non finita è un pareggio.
       *[other] { $drawn } partite non finite sono pareggi.
    }

# Comandi
cmd-bingo-tournament =
    .name = torneo
    .description = Tornei svizzeri di BingoMagic.
cmd-bingo-tournament-create =
    .name = crea
    .description = Solo organizzatori: crea un torneo svizzero.
cmd-bingo-tournament-create-name =
    .name = nome
    .description = Il nome del torneo
cmd-bingo-tournament-create-minutes =
    .name = minuti
    .description = Il tempo limite di ogni turno, in minuti
cmd-bingo-tournament-create-rounds =
    .name = turni
    .description = Turni svizzeri (predefinito: in base al numero di giocatori)
cmd-bingo-tournament-create-mulligan =
    .name = mulligan
    .description = La regola del mulligan (predefinita: quella del server)
cmd-bingo-tournament-create-free_first =
    .name = primo_gratis
    .description = Il primo mulligan è gratuito
cmd-bingo-tournament-create-sequential =
    .name = in_sequenza
    .description = Ogni giocatore fa mulligan finché tiene, prima che dichiari il successivo
cmd-bingo-tournament-create-forest_either_pile =
    .name = foresta_entrambi_scarti
    .description = Regola della casa: la Foresta può prendere da entrambi i mazzi degli scarti
cmd-bingo-tournament-create-cut =
    .name = taglio
    .description = Un taglio ai primi 8 a eliminazione diretta dopo i turni svizzeri
cmd-bingo-tournament-start =
    .name = inizia
    .description = Solo organizzatori: chiudi le iscrizioni e abbina il turno 1.
cmd-bingo-tournament-start-tournament =
    .name = torneo
    .description = Il numero del torneo (predefinito: il più recente aperto)
cmd-bingo-tournament-standings =
    .name = classifica
    .description = La classifica con gli spareggi.
cmd-bingo-tournament-standings-tournament =
    .name = torneo
    .description = Il numero del torneo (predefinito: il più recente aperto)
cmd-bingo-tournament-report =
    .name = risultato
    .description = Solo organizzatori: registra un risultato a mano.
cmd-bingo-tournament-report-player =
    .name = giocatore
    .description = Un giocatore del tavolo
cmd-bingo-tournament-report-result =
    .name = esito
    .description = Il risultato di quel giocatore
cmd-bingo-tournament-report-tournament =
    .name = torneo
    .description = Il numero del torneo (predefinito: il più recente aperto)
cmd-bingo-tournament-drop =
    .name = ritiro
    .description = Ritira un giocatore (te stesso, o chiunque: organizzatori).
cmd-bingo-tournament-drop-player =
    .name = giocatore
    .description = Chi si ritira (predefinito: tu)
cmd-bingo-tournament-drop-tournament =
    .name = torneo
    .description = Il numero del torneo (predefinito: il più recente aperto)
cmd-bingo-tournament-end-round =
    .name = fine-turno
    .description = Solo organizzatori: termina il turno al tempo limite; le partite non finite sono pareggi.
cmd-bingo-tournament-end-round-tournament =
    .name = torneo
    .description = Il numero del torneo (predefinito: il più recente aperto)
cmd-bingo-tournament-organizer =
    .name = organizzatore
    .description = Solo Gestisci server: imposta o togli il ruolo degli organizzatori dei tornei.
cmd-bingo-tournament-organizer-role =
    .name = ruolo
    .description = I membri con questo ruolo organizzano i tornei (vuoto per toglierlo)
choice-win =
    .name = vittoria
choice-loss =
    .name = sconfitta
choice-draw =
    .name = pareggio
