# Parole comuni. Le terre in ordine WUBRG, e i termini del regolamento.
land-plains = Pianura
land-island = Isola
land-swamp = Palude
land-mountain = Montagna
land-forest = Foresta
# Tra due frasi.
common-sentence-join = {" "}

# Risposte comuni a tutti i comandi e i pulsanti (bot/interactions.py).
common-not-current = Questa scelta non è più valida.
common-not-now = Adesso non puoi farlo.
common-bad-option = Non ho capito { $value } per questa opzione.
common-out-of-range = `{ $option }` deve essere compreso tra { $low } e { $high }.
common-out-of-date = Questo comando non è aggiornato: riprova tra un minuto.
common-went-wrong = Qualcosa è andato storto (codice errore { $id }).
common-storage-busy = Il database del bot è occupato in questo momento, quindi non è stato applicato nulla. Riprova tra poco.
