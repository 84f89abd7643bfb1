# Perché una riga della lista del mazzo incollata viene rifiutata (bot/decks/parser.py).
# Frammenti: il cog li mostra dopo "Riga N: <la riga> — ".

deck-error-count-not-whole = il numero { $word } non è un intero da 1 a { $max }
deck-error-missing-count = manca il numero di copie (scrivi '4 Nome della carta')
deck-error-count-range = il numero { $count } non è compreso tra 1 e { $max }
deck-error-missing-name = manca il nome della carta
deck-error-name-too-long = il nome della carta è più lungo di { $max ->
        [one] { $max } carattere
       *[other] { $max } caratteri
    }
deck-error-too-many-cards = qui il mazzo supera { $max ->
        [one] { $max } carta
       *[other] { $max } carte
    } (il massimo che può contenere)
