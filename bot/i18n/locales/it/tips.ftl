# Consigli nella prima partita di un membro contro il bot (cogs/bingo/_tips.py). Testo privato.
tips-title = 💡 Consiglio
tips-turn-off = Disattiva i consigli
tips-off = Consigli disattivati. Non li vedrai nelle prossime partite.
tips-turn = Tocca a te: posiziona una terra dalla mano, oppure passa. Vinci con 5 terre dello stesso colore, o una per ciascun colore, nel tuo territorio. Con `/bingo regole` trovi tutto il regolamento.
tips-mulligan = Tieni questa mano, o fai mulligan: la rimescoli nel mazzo e peschi una carta in meno. Una mano con più colori ti avvicina a una terra per colore.
tips-scry = Scry 1: guarda la prima carta del mazzo. Lasciala sopra se vuoi pescarla, o mettila in fondo.
tips-counter = L'avversario sta posizionando una terra. Puoi neutralizzarla scartando un'Isola e un'altra carta: la terra va nel suo mazzo degli scarti e non ha effetto. Questa finestra si apre qualunque carta tu abbia, quindi non rivela la tua mano.
tips-swamp = Palude: l'avversario ti fa scartare. Scegli la carta che ti serve meno; va nel tuo mazzo degli scarti (una Foresta può riprenderla).
tips-mountain = Montagna: scegli una terra nel territorio dell'avversario da distruggere. Rompi la linea più vicina alla vittoria.
tips-forest = Foresta: riprendi in mano una terra dal tuo mazzo degli scarti.
