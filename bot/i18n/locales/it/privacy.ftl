# /privacy: i dati di un membro, esportati o cancellati (cogs/privacy, docs/PRIVACY.md).

privacy-export-ready = Ecco tutto ciò che conservo su di te, in un file JSON. Solo tu vedi questo messaggio.
privacy-delete-ask = Cancellare tutto ciò che conservo su di te: risultati, rating, mazzi, risposte alla mano del giorno e impostazioni, in ogni server? Le tue partite concluse restano nella cronologia dei tuoi avversari, come giocate da un «membro eliminato». Non si può annullare.
privacy-delete-confirm = Cancella i miei dati
privacy-delete-cancel = Annulla
privacy-delete-cancelled = Non è stato cancellato nulla.
privacy-deleted = Fatto: i tuoi dati sono stati cancellati. I tuoi avversari conservano le partite giocate con te, mostrate come giocate da un “membro eliminato”.
privacy-not-yours = Può rispondere solo il membro che l'ha chiesto.
privacy-busy-match = Hai una partita in corso: finiscila o abbandonala (`/bingo resign`), poi chiedi di nuovo.
privacy-busy-tournament = Giochi o organizzi un torneo non ancora concluso: ritirati o aspetta la fine, poi chiedi di nuovo.
privacy-deleted-member = membro eliminato

cmd-privacy =
    .name = privacy
    .description = I tuoi dati: ricevine una copia o cancellali.
cmd-privacy-export =
    .name = esporta
    .description = Ricevi un file con tutto ciò che conservo su di te.
cmd-privacy-delete =
    .name = cancella
    .description = Cancella tutto ciò che conservo su di te.
