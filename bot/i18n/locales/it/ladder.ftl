# La classifica globale (/bingo ladder join, leave, show): docs/ladder.md. $name è il nome
# scelto dal membro (solo lettere, cifre, spazi e - . '); $ordinal arriva già formattato.

ladder-title = Classifica globale
ladder-season = Stagione globale { $number } · { $year } T{ $quarter }
ladder-all-time = Di sempre
ladder-line = **{ $rank }.** { $name } — { $ordinal } ({ $wins } V · { $losses } S, { $matches ->
    [one] { $matches } partita della coda
   *[other] { $matches } partite della coda
})
ladder-nobody = Nessuno in classifica ha ancora giocato una partita della coda classificata in questa stagione. Entra con `/bingo ladder join`, poi gioca con `/bingo queue`.
ladder-your-place = La tua posizione
ladder-not-joined = Entra nella classifica globale con `/bingo ladder join name:` per comparire: elenca i membri che sono entrati, con il nome che hanno scelto.
ladder-no-match = Sei nella classifica globale, ma non hai ancora giocato una partita della coda classificata in questa stagione: `/bingo queue`.
ladder-footer = Punteggi (μ−3σ) delle partite della coda classificata, in tutti i server; le partite amichevoli e quelle contro il bot non contano mai. Le stagioni sono i trimestri solari (UTC).
ladder-season-ends = { $days ->
    [one] Questa stagione finisce tra { $days } giorno.
   *[other] Questa stagione finisce tra { $days } giorni.
}
ladder-page = Pagina { $page } di { $pages }
ladder-season-unknown = Non esiste la stagione globale «{ $season }». Scegli un numero di stagione dall'elenco, oppure «di sempre».

## join e leave (privati)

ladder-joined = Sei nella classifica globale come **{ $name }**. I membri di ogni server che usa il bot vedono questo nome e il tuo punteggio delle partite della coda classificata (`/bingo queue`). Puoi uscire quando vuoi con `/bingo ladder leave`.
ladder-renamed = Fatto: ora sei nella classifica globale come **{ $name }**.
ladder-left = Sei uscito dalla classifica globale: non compari più e il tuo nome in classifica è cancellato. Il tuo punteggio della coda resta, per abbinarti nella coda.
ladder-not-on = Non sei nella classifica globale. Entra con `/bingo ladder join name:`.
ladder-name-short = Nome troppo corto: usa da { $min } a { $max ->
    [one] { $max } carattere.
   *[other] { $max } caratteri.
}
ladder-name-long = Nome troppo lungo: usa da { $min } a { $max ->
    [one] { $max } carattere.
   *[other] { $max } caratteri.
}
ladder-name-characters = Un nome in classifica può contenere solo lettere, cifre, spazi e - . ' (niente menzioni, emoji o formattazione).
ladder-name-letter = Un nome in classifica deve contenere almeno una lettera.
ladder-name-taken = Il nome **{ $name }** è già preso in classifica (nomi che differiscono solo per maiuscole, spazi o - . ' contano come uguali). Scegline un altro.

help-group-bingo-ladder = Classifica globale (tra server)

## Comandi

cmd-bingo-ladder =
    .name = classifica-globale
    .description = La classifica globale: punteggi della coda classificata in tutti i server.
cmd-bingo-ladder-join =
    .name = entra
    .description = Entra nella classifica globale con un nome.
cmd-bingo-ladder-join-name =
    .name = nome
    .description = Il nome mostrato in classifica, ai membri di ogni server
cmd-bingo-ladder-leave =
    .name = esci
    .description = Esci dalla classifica globale; il tuo nome viene cancellato.
cmd-bingo-ladder-show =
    .name = mostra
    .description = La classifica globale e la tua posizione.
cmd-bingo-ladder-show-season =
    .name = stagione
    .description = Una stagione globale (numero), oppure di sempre; predefinita: quella in corso
