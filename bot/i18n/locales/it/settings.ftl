# Impostazioni del server (/bingo impostazioni): visibili solo a chi ha il permesso
# Gestisci server. $channels è un elenco di menzioni di canali ("<#1>, <#2>").

settings-title = ⚙️ Impostazioni di BingoMagic in questo server
settings-footer = Una modifica vale per le nuove partite; quelle in corso mantengono regole e tempi.
settings-refused = Solo chi ha il permesso Gestisci server può vedere o cambiare le impostazioni di BingoMagic.
settings-invalid = Questo valore non è permesso; non è cambiato nulla.
settings-saved = ✅ Impostazioni salvate. Valgono per le nuove partite; quelle in corso non cambiano.
settings-timer-bounds = Un tempo deve essere tra { $low } e { $high ->
        [one] { $high } secondo
       *[other] { $high } secondi
    } (o 0 per il predefinito).
settings-channels-full = Si possono elencare al massimo { $n ->
        [one] { $n } canale
       *[other] { $n } canali
    }.
settings-channel-refused = In questo canale non si possono iniziare partite. Usa uno di questi: { $channels }.
settings-yes = sì
settings-no = no
settings-seconds = { $seconds } s
settings-default-seconds = { $seconds } s (predefinito)
settings-default-value = { $value } (predefinito)
settings-field-mulligan = Mulligan
settings-mulligan-value = Regola: { $rule } · primo gratis: { $free_first } · in sequenza: { $sequential }
settings-field-timers = Tempi
settings-timers-value = Turno: { $turn } · finestra per neutralizzare: { $counter } · altre decisioni: { $choice } · sfida: { $challenge }
settings-field-house-rules = Regole della casa
settings-house-rules-value = Foresta da entrambi i mazzi degli scarti: { $forest }
settings-field-language = Lingua dei messaggi pubblici
settings-field-channels = Canali per le nuove partite
settings-channels-all = tutti i canali
settings-field-moderation = Moderazione
settings-moderation-value = Ruolo di moderatore: { $role } · canale del registro: { $channel }
settings-not-set = non impostato
settings-field-place = Dove si giocano le partite (questo canale)
settings-place-threads = Ogni partita in un suo thread pubblico, archiviato e bloccato dopo il risultato.
settings-place-threads-unlocked = Ogni partita in un suo thread pubblico, archiviato dopo il risultato (non bloccato: al bot manca Gestisci thread qui).
settings-place-channel = Nel canale stesso, non nei thread: al bot manca { $missing } qui.
settings-perm-create-threads = Creare thread pubblici
settings-perm-send-in-threads = Inviare messaggi nei thread

choice-server-default =
    .name = Predefinita del server

## Comandi

cmd-bingo-settings =
    .name = impostazioni
    .description = Impostazioni di BingoMagic in questo server (Gestisci server).
cmd-bingo-settings-show =
    .name = mostra
    .description = Solo Gestisci server: mostra le impostazioni di BingoMagic di questo server.
cmd-bingo-settings-mulligan =
    .name = mulligan
    .description = Solo Gestisci server: la regola del mulligan predefinita e le sue opzioni.
cmd-bingo-settings-mulligan-rule =
    .name = regola
    .description = La regola del mulligan predefinita
cmd-bingo-settings-mulligan-free_first =
    .name = primo_gratis
    .description = Il primo mulligan è gratuito
cmd-bingo-settings-mulligan-sequential =
    .name = in_sequenza
    .description = Ogni giocatore fa i suoi mulligan finché tiene, poi dichiara l'altro
cmd-bingo-settings-timers =
    .name = tempi
    .description = Solo Gestisci server: i limiti di tempo, in secondi (0: il predefinito).
cmd-bingo-settings-timers-turn =
    .name = turno
    .description = Secondi per la fase principale di un turno (0: predefinito)
cmd-bingo-settings-timers-counter =
    .name = neutralizzare
    .description = Secondi della finestra per neutralizzare (0: predefinito)
cmd-bingo-settings-timers-choice =
    .name = scelta
    .description = Secondi per le altre decisioni (0: predefinito)
cmd-bingo-settings-timers-challenge =
    .name = sfida
    .description = Secondi di attesa di una risposta alla sfida (0: predefinito)
cmd-bingo-settings-house-rules =
    .name = regole-casa
    .description = Solo Gestisci server: le regole della casa di questo server.
cmd-bingo-settings-house-rules-forest_either_pile =
    .name = foresta_entrambi_scarti
    .description = La Foresta prende da entrambi i mazzi degli scarti
cmd-bingo-settings-language =
    .name = lingua
    .description = Solo Gestisci server: la lingua dei messaggi pubblici del bot.
cmd-bingo-settings-language-language =
    .name = lingua
    .description = Una lingua, o quella del server (la sua lingua preferita)
cmd-bingo-settings-channels =
    .name = canali
    .description = Solo Gestisci server: i canali in cui si possono iniziare partite.
cmd-bingo-settings-channels-add =
    .name = aggiungi
    .description = Permetti le partite in questo canale
cmd-bingo-settings-channels-remove =
    .name = togli
    .description = Non permettere più le partite in questo canale
cmd-bingo-settings-channels-everywhere =
    .name = ovunque
    .description = Permetti di nuovo le partite in tutti i canali
