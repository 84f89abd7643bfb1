# /privacy: i dati di un membro, esportati o cancellati (cogs/privacy, docs/PRIVACY.md).

privacy-export-ready = Ecco tutto ciò che conservo su di te, in un file JSON. Solo tu vedi questo messaggio.
privacy-export-about-times = Gli orari sono in UTC, nel formato ISO 8601 (2026-11-29T02:15:00Z); i giorni della mano del giorno sono date (AAAA-MM-GG).
privacy-export-about-ids = Gli id sono id di Discord, scritti come testo. I nomi accanto sono quelli che il bot conosce: il nome attuale di un server, il nome attuale di un membro che hai bloccato, il nome di un avversario all'inizio della partita. null: non noto (il bot ha lasciato il server, o l'account non esiste più).
privacy-export-about-rating = I punteggi usano il modello Plackett–Luce di openskill (openskill.me), per server: di sempre e per stagione. Contano solo le partite tra membri, non quelle contro il bot.
privacy-export-about-mu = mu (μ): la stima della tua abilità. Tutti partono da 25.
privacy-export-about-sigma = sigma (σ): quanto è incerta questa stima. Parte da 8,33, cala man mano che giochi e cresce lentamente quando non giochi.
privacy-export-about-ordinal = ordinal = μ − 3σ: il punteggio che il bot mostra e con cui ordina le classifiche; 0 per un nuovo membro. Sale quando vinci e quando la stima diventa più sicura.
privacy-export-about-last-delta = last_delta: di quanto è cambiato il tuo punteggio mostrato (ordinal) nell'ultima partita valutata; last_played: quando è finita quella partita.
privacy-export-about-seasons = seasons: il tuo punteggio e i tuoi risultati in ogni stagione di un server; la stagione 0 è tutto ciò che precede la prima stagione del server.
privacy-export-about-deleted = Un avversario di tipo «deleted member» ha cancellato i suoi dati: la partita resta nella tua cronologia e conta ancora nei tuoi risultati e nel tuo punteggio.
privacy-delete-ask = Cancellare tutto ciò che conservo su di te: risultati, rating, mazzi, risposte alla mano del giorno e impostazioni, in ogni server? Le tue partite concluse contro altri membri restano nella loro cronologia, come giocate da un «membro eliminato», e contano ancora nei loro risultati e rating. Non si può annullare.
privacy-delete-confirm = Cancella i miei dati
privacy-delete-cancel = Annulla
privacy-delete-cancelled = Non è stato cancellato nulla.
privacy-deleted = Fatto: i tuoi dati sono stati cancellati. I tuoi avversari conservano le partite giocate con te, mostrate come giocate da un «membro eliminato».
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
