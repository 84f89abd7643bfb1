# /bingo rules: il regolamento (docs/RULES.md §1-2) in pagine brevi, e l'immagine delle terre.
cmd-bingo-rules =
    .name = regole
    .description = Il regolamento di BingoMagic, pagina per pagina (lo vedi solo tu).

rules-title = Regolamento di BingoMagic — { $title }
rules-footer = Pagina { $page } di { $pages }
rules-previous = Indietro
rules-next = Avanti

rules-game-title = Il gioco
rules-game =
    Due giocatori condividono un unico **mazzo** di 60 terre base, 12 per tipo: Pianura, Isola, Palude, Montagna e Foresta.
    Ogni giocatore ha una **mano** (nascosta), un **territorio** (le terre che ha posizionato, visibile a tutti) e un proprio **mazzo degli scarti** (visibile a tutti). Il numero di carte in mano e nel mazzo è pubblico.

    🏆 **Per vincere** devi avere nel tuo territorio 5 terre dello stesso colore, oppure 5 terre di colore diverso. Il tuo territorio è una cartella della tombola: vince una colonna piena o una riga piena.

rules-setup-title = Preparazione
rules-setup =
    1. Il mazzo viene mescolato. Ogni partita conserva il suo seme casuale e le sue decisioni, così può essere rigiocata identica.
    2. Ogni giocatore pesca 5 carte.
    3. Ogni giocatore tira un dado; in caso di parità si ritira; inizia chi ottiene di più.
    4. Mulligan: Vancouver, salvo diversa impostazione della partita (ultima pagina).

rules-turn-title = Il turno
rules-turn =
    1. **Pesca.** Il giocatore di turno pesca una carta, tranne chi inizia, al primo turno.
    2. **Posiziona o passa.** Posiziona nel tuo territorio una terra dalla mano, oppure passa. In entrambi i casi il turno finisce.
    3. **Finestra di counter.** Quando una terra viene annunciata, l'avversario può neutralizzarla. La finestra si apre ogni volta che l'avversario ha almeno 2 carte in mano, qualunque esse siano, quindi non rivela mai un'Isola. Con meno di 2 carte non c'è finestra.
    4. **Risoluzione.** Una terra non neutralizzata entra nel tuo territorio. Se ora il territorio vince, la partita finisce subito, prima di qualsiasi effetto; altrimenti si risolve l'effetto della terra e il turno passa.

rules-effects-title = Effetti delle terre
rules-effects =
    Quando una terra entra in un territorio:
    { rules-effect-plains }
    { rules-effect-island }
    { rules-effect-swamp }
    { rules-effect-mountain }
    { rules-effect-forest }
    Se non c'è nulla da scegliere, non succede nulla.
rules-effect-plains = ☀️ **Pianura**: peschi una carta dal mazzo.
rules-effect-island = 💧 **Isola**: nessun effetto.
rules-effect-swamp = 💀 **Palude**: l'avversario scarta una carta a sua scelta dalla mano nel suo mazzo degli scarti.
rules-effect-mountain = 🔥 **Montagna**: distruggi una terra a tua scelta nel territorio dell'avversario; va nel suo mazzo degli scarti.
rules-effect-forest = 🌳 **Foresta**: aggiungi alla tua mano una terra a tua scelta dal tuo mazzo degli scarti (regola della casa: da entrambi).
rules-picture-title = Le cinque terre
rules-picture-plains = Pesca una carta
rules-picture-island = Nessun effetto; serve per neutralizzare
rules-picture-swamp = L'avversario scarta una carta
rules-picture-mountain = Distruggi una terra dell'avversario
rules-picture-forest = Riprendi una terra dal tuo mazzo degli scarti

rules-counter-title = Regola del counter
rules-counter =
    Solo durante il turno dell'avversario puoi scartare **un'Isola e un'altra carta qualsiasi** (anche un'altra Isola) per neutralizzare la terra che sta posizionando.
    La terra neutralizzata va nel mazzo degli scarti del suo proprietario: non viene posizionata, non attiva il suo effetto e non conta per la vittoria. Un counter non può essere neutralizzato. Poi il turno finisce.

    📭 **Mazzo finito.** Quando bisogna pescare o guardare una carta e il mazzo è vuoto, i due mazzi degli scarti vengono mescolati insieme in un nuovo mazzo. Se sono vuoti anche loro, non si pesca nulla.

rules-end-title = Come finisce una partita
rules-end =
    - **Vittoria:** 5 terre dello stesso colore, o una terra per ciascun colore, nel tuo territorio.
    - **Pareggio:** 6 passaggi di fila (3 a testa), oppure alla fine del turno 200.
    - **Abbandono** in qualsiasi momento con `/bingo abbandona`: perdi.
    - **Tempo:** ogni decisione ha un tempo limite. Se scade nel tuo turno, passi; in una finestra di counter, la terra si risolve; per lo scarto della Palude, si scarta una carta a caso. Tre turni di fila scaduti fanno perdere la partita.
    - **Riservatezza:** la tua mano arriva solo a te, in messaggio diretto (o in privato nel canale se hai chiuso i messaggi diretti).

rules-mulligans-title = Mulligan
rules-mulligans =
    La mano iniziale non ti piace? Chi inizia dichiara se tiene o fa mulligan, poi l'altro giocatore; chi ha dichiarato il mulligan lo fa, e si ripete finché entrambi tengono. Una mano di 0 carte va tenuta.
    - **Vancouver** (predefinita): rimescoli la mano nel mazzo e peschi una carta in meno. Quando entrambi tengono, chi ha meno di 5 carte può fare scry 1.
    - **Paris:** come Vancouver, senza lo scry.
    - **London:** peschi una mano completa, poi metti in fondo al mazzo una carta per ogni mulligan fatto. Niente mulligan quando la mano sarebbe di 0 carte.
    - **Partial Paris:** metti da parte le carte che vuoi e ne peschi una in meno; le carte messe da parte vengono poi rimescolate nel mazzo.
    Opzioni: primo mulligan gratuito (non conta: Paris e Vancouver pescano quante carte avevi, London ne mette in fondo una in meno, Partial Paris ne pesca quante ne hai messe da parte); mulligan in sequenza (un giocatore finché tiene, poi l'altro).

## Testo alternativo dell'immagine delle terre (bot/ui/lands_image.py lands_alt_text)
rules-picture-alt = Le cinque terre e cosa fa ciascuna: { $lands }.
