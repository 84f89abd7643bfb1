# Consenso alle sfide (/bingo challenges, /bingo block, /bingo unblock): ogni risposta è
# privata. Un solo testo di rifiuto per chi non accetta sfide e per un blocco, così chi è
# bloccato non può distinguerli (docs/RULES.md, "Consent").
consent-not-taking = { $name } non accetta sfide.
consent-cooldown = Hai sfidato { $name } poco fa. Potrai sfidarlo di nuovo { $when }.
consent-challenges-on = I membri possono sfidarti in questo server. Disattivale con `/bingo challenges off`.
consent-challenges-off = I membri non possono sfidarti in questo server. Riattivale con `/bingo challenges on`.
consent-challenges-now-on = Fatto: i membri possono di nuovo sfidarti in questo server.
consent-challenges-now-off = Fatto: i membri non possono sfidarti in questo server. A chi ti sfida viene detto in privato che non accetti sfide.
consent-block-self = Non puoi bloccare te stesso.
consent-blocked = { $name } non può più sfidarti. Non viene avvisato.
consent-already-blocked = { $name } è già bloccato.
consent-unblocked = { $name } può di nuovo sfidarti.
consent-not-blocked = { $name } non è bloccato.

# Comandi
cmd-bingo-challenges =
    .name = sfide
    .description = Accetta le sfide dei membri, o no (lo vedi solo tu).
cmd-bingo-challenges-mode =
    .name = modo
    .description = Attive o disattivate (ometti per vedere la tua scelta)
choice-challenges_on =
    .name = attive
choice-challenges_off =
    .name = disattivate
cmd-bingo-block =
    .name = blocca
    .description = Rifiuta ogni sfida di un membro (lo vedi solo tu).
cmd-bingo-block-member =
    .name = membro
    .description = Il membro di cui rifiuti le sfide
cmd-bingo-unblock =
    .name = sblocca
    .description = Accetta di nuovo le sfide di un membro.
cmd-bingo-unblock-member =
    .name = membro
    .description = Il membro che hai bloccato
