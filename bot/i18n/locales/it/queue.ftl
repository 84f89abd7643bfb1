# La coda classificata tra i server (/bingo queue) e il canale della classifica di un
# server (/bingo settings ladder): docs/queue.md. $mu, $sigma, $gap e $rating arrivano già
# formattati (un decimale); $when è un timestamp di Discord; $thread e $channel menzioni.

## Il messaggio d'attesa (privato)

queue-title = 🔎 Cerco un avversario
queue-waiting = Ti abbino al membro con il punteggio di coda più vicino al tuo, in qualunque server sia. Lo scarto che accetto si allarga ogni 20 secondi di attesa.
queue-count = { $n ->
    [one] { $n } membro in coda ora (tu).
   *[other] { $n } membri in coda ora, tu compreso.
}
queue-restarted = Mi sono riavviato e sei ancora in coda: questo messaggio sostituisce quello di prima.
queue-found = Avversario trovato: preparo la partita…
queue-bot-offer = Ancora nessuno abbastanza vicino. Puoi giocare contro di me (uscirai dalla coda) o continuare ad aspettare.
queue-field-rating = Il tuo punteggio di coda
queue-rating = { $mu } (± { $sigma })
queue-field-gap = Scarto accettato ora
queue-gap = ± { $gap }, più ampio { $when }
queue-field-since = In attesa da
queue-footer = { $minutes ->
    [one] Puoi uscire quando vuoi. Dopo { $minutes } minuto senza avversario esci dalla coda da solo.
   *[other] Puoi uscire quando vuoi. Dopo { $minutes } minuti senza avversario esci dalla coda da solo.
}
queue-button-leave = Esci dalla coda
queue-button-bot = Gioca contro il bot

## Com'è finita

queue-paired-title = ⚔️ Avversario trovato
queue-ended-title = Coda di BingoMagic
queue-paired = Giochi contro **{ $opponent }** (punteggio di coda { $rating }): BingoMagic #{ $id }.
queue-paired-dms = La tua mano e il tabellone sono nei tuoi messaggi diretti.
queue-paired-thread = Il tabellone è in { $thread }; la tua mano è nei tuoi messaggi diretti.
queue-left = Sei uscito dalla coda.
queue-left-busy = Sei uscito dalla coda: hai iniziato un'altra partita.
queue-expired = { $minutes ->
    [one] Nessun avversario in { $minutes } minuto, quindi sei uscito dalla coda. Riprova con `/bingo queue`.
   *[other] Nessun avversario in { $minutes } minuti, quindi sei uscito dalla coda. Riprova con `/bingo queue`.
}
queue-dropped = Il tuo posto in coda è stato annullato. Riprova con `/bingo queue`.
queue-bot-here = Sei uscito dalla coda per giocare contro di me.
queue-bot-started = Giochi contro di me: BingoMagic #{ $id }. La tua mano e il tabellone sono nei tuoi messaggi diretti.
queue-again = Un'altra partita classificata: `/bingo queue`.

## Rifiuti (privati)

queue-busy = Stai già giocando una partita. Finiscila (o `/bingo resign`) prima di metterti in coda.
queue-dms-closed = Nelle partite della coda la mano arriva per messaggio diretto, e non posso scriverti. Consenti i messaggi diretti dai membri di questo server (o da me), poi rimettiti in coda.
queue-dm-check = Posso di nuovo scriverti in privato: la tua mano arriverà qui quando sarai abbinato.
queue-not-queuing = Non sei in coda. Entra con `/bingo queue`.
queue-too-late = Sei già stato abbinato: BingoMagic #{ $id }.
queue-too-late-pairing = Sei appena stato abbinato: la partita sta per iniziare.

## /bingo settings ladder (Gestisci server, privato)

queue-ladder-set = Fatto: ogni partita della coda dei membri di questo server ha un thread in { $channel } con il suo tabellone (nessuna carta nascosta).
queue-ladder-cleared = Fatto: le partite della coda non mostrano più il tabellone in questo server.
queue-ladder-show = Canale della classifica: { $channel }. Le partite della coda dei membri di questo server mostrano lì il tabellone, in un thread.
queue-ladder-none = Nessun canale della classifica: le partite della coda dei membri di questo server non mostrano il tabellone qui. Impostalo con `/bingo settings ladder channel:`.
queue-ladder-permissions = Non posso aprire thread in { $channel }: lì mi serve { $missing }.

settings-field-ladder = Canale della classifica (coda classificata)

## Comandi

cmd-bingo-queue =
    .name = coda
    .description = Coda classificata: gioca contro il membro col punteggio più vicino, da qualunque server.
cmd-bingo-settings-ladder =
    .name = scala
    .description = Solo Gestisci server: dove si mostrano le partite della coda dei membri di questo server.
cmd-bingo-settings-ladder-channel =
    .name = canale
    .description = Il canale della classifica: ogni partita della coda vi ha un thread
cmd-bingo-settings-ladder-off =
    .name = disattiva
    .description = Non mostrare le partite della coda in nessun canale di questo server
