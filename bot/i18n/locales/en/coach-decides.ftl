# What decides the land-drop coach's verdict, under every mulligan rule (the figures:
# bot/engine/rule_odds.py; the words: cogs/mulligan/_service.py land_words, mulligan_note).

mulligan-coach-head = **Coach.**
# A rated keep: the kept hand ($cards cards, $lands lands), then ($then "scry") the
# Vancouver scry 1 counted as the figure prefers, its figure $percent through turn $turns
# on the play or the draw ($play), and $mulligan: what a mulligan instead does
# (mulligan-coach-gives-up or mulligan-coach-sets-aside, $done "no").
mulligan-coach-decides = **What decides it:** keeping { $cards ->
        [one] this card
       *[other] these { $cards } cards
    } ({ $lands ->
        [0] no land
        [one] { $lands } land
       *[other] { $lands } lands
    }){ $then ->
        [scry] {" "}and scrying 1 (a land stays on top, a spell goes to the bottom)
       *[none] {""}
    }, you make every land drop through turn { $turns } { $play ->
        [play] on the play
       *[draw] on the draw
    } **{ $percent }** of the time; { $mulligan }.
# A mulligan of the whole hand (every rule but Partial Paris): $size the hand it leads to,
# $free "yes" when it costs no card (a free first mulligan, CR 103.5c; the 1994 rule's
# new full hand), $count the hand's spells, named or counted in $spells; $done "yes" for
# the mulligan just taken, "no" for one weighed against a keep.
mulligan-coach-gives-up = { $done ->
        [yes] { $free ->
            [yes] your free mulligan to { $size } gave up
           *[no] your mulligan to { $size } cost a card and gave up
        } { $count ->
            [0] a whole hand with no spell in it
           *[other] that hand's { $spells }
        }
       *[no] { $free ->
            [yes] a free mulligan to { $size } gives up
           *[no] a mulligan to { $size } costs a card and gives up
        } { $count ->
            [0] the whole hand, with no spell in it
           *[other] this hand's { $spells }
        }
    }
# A Partial Paris mulligan: it sets $given aside (named, or counted by the messages
# below) and draws $drawn cards in their place; $size and $done as above.
mulligan-coach-sets-aside = { $done ->
        [yes] your mulligan to { $size } set aside { $given } and drew { $drawn ->
            [0] no card
            [one] { $drawn } card
           *[other] { $drawn } cards
        } instead
       *[no] a mulligan to { $size } sets aside { $given } and draws { $drawn ->
            [0] no card
            [one] { $drawn } card
           *[other] { $drawn } cards
        } instead
    }
mulligan-coach-aside-lands = { $count ->
        [one] one of its lands
       *[other] { $count } of its lands
    }
mulligan-coach-aside-spells = { $count ->
        [one] one of its spells
       *[other] { $count } of its spells
    }
mulligan-coach-lands = { $count ->
        [one] { $count } land
       *[other] { $count } lands
    }
mulligan-coach-spells = { $count ->
        [one] { $count } spell
       *[other] { $count } spells
    }
# The figure of a mulligan instead of the keep, then the standard policy ($policy: the
# keep thresholds of docs/RULES.md §4, bot/engine/odds.py LondonPolicy).
mulligan-coach-instead = Mulliganing instead ({ $policy }): **{ $percent }**.
mulligan-coach-policy = then keeping as the coach does: 7 cards with 2–5 lands, 6 or 5 with 2–4, any 4 or fewer
# After a mulligan, above the next hand: the hand given up ($cards, $lands), keeping it
# ($then "bottom": and putting $bottom cards on the bottom, London; "scry": Vancouver's
# scry 1), that figure $keep, the mulligan taken ($mulligan, $done "yes"), its figure
# $instead with the standard policy ($policy) after it; the verdict on it comes first.
mulligan-coach-on-mulligan = **Coach, on your mulligan:** { $verdict } Kept{ $then ->
        [bottom] {" "}(putting { $bottom ->
            [one] { $bottom } card
           *[other] { $bottom } cards
        } on the bottom)
        [scry] {" "}(then scrying 1: a land stays on top, a spell goes to the bottom)
       *[none] {""}
    }, { $cards ->
        [one] that card
       *[other] those { $cards } cards
    } ({ $lands ->
        [0] no land
        [one] { $lands } land
       *[other] { $lands } lands
    }) would have made every land drop through turn { $turns } { $play ->
        [play] on the play
       *[draw] on the draw
    } **{ $keep }** of the time; { $mulligan }, for **{ $instead }** ({ $policy }).
mulligan-coach-mulligan-was-better = ✅ The mulligan was the better choice.
mulligan-coach-mulligan-was-tie = ✅ The mulligan was exactly as good as keeping.
mulligan-coach-mulligan-was-worse = ❌ Keeping would have done better.
# A keep with no verdict under the 1994 rule (RULES §2).
mulligan-coach-unrated-1994 = The 1994 rule allows one mulligan, and only of a hand of all lands or no lands, so this keep is not rated.
