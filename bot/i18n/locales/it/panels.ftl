# DM silenziosi e finestre rapide per neutralizzare: il pannello privato e /bingo quick.

## /bingo quick

cmd-bingo-quick =
    .name = rapide
    .description = Finestre rapide per neutralizzare: attivale, disattivale o guarda la tua scelta.
cmd-bingo-quick-mode =
    .name = modo
    .description = Attive o disattive (ometti per vedere la tua scelta)
choice-quick_on =
    .name = attive
choice-quick_off =
    .name = disattive

quick-on =
    ⚡ Le finestre rapide per neutralizzare sono **attive** (dalla tua prossima partita). Una finestra per neutralizzare dura { $seconds ->
        [one] { $seconds } secondo
       *[other] { $seconds } secondi
    } e, allo scadere, la terra si risolve da sola; fino ad allora puoi ancora neutralizzarla. Il tuo avversario vede la stessa finestra che tu abbia o no un'Isola in mano.
quick-off =
    Le finestre rapide per neutralizzare sono **disattive** (dalla tua prossima partita): rispondi a ogni finestra per neutralizzare, entro { $seconds ->
        [one] { $seconds } secondo
       *[other] { $seconds } secondi
    }.

## Il pannello della mano

# Sotto la richiesta di una finestra rapida per neutralizzare.
panel-quick-window = ⚡ Finestra rapida: allo scadere del tempo la terra si risolve da sola.
