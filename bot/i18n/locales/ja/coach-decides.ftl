# 土地のコーチの判定を決めるもの（すべてのマリガン・ルール）。
# 数値：bot/engine/rule_odds.py、文言：cogs/mulligan/_service.py。

mulligan-coach-head = **コーチ**。
mulligan-coach-decides = **判断の決め手**：この{ $cards }枚（{ $lands ->
        [0] 土地なし
       *[other] 土地{ $lands }枚
    }）をキープ{ $then ->
        [scry] して占術1を行う（土地は一番上に残し、呪文は一番下に置く）と
       *[none] すると
    }、{ $play ->
        [play] 先攻
       *[draw] 後攻
    }で{ $turns }ターン目まで毎ターン土地を置ける確率は**{ $percent }**です。{ $mulligan }。
mulligan-coach-gives-up = { $done ->
        [yes] { $free ->
            [yes] 枚数の減らないマリガンで{ $size }枚にしたので、
           *[no] マリガンで{ $size }枚にしたので、カードが1枚減り、
        }{ $count ->
            [0] 呪文のない手札全体を手放しました
           *[other] その手札の{ $spells }を手放しました
        }
       *[no] { $free ->
            [yes] 枚数の減らないマリガンで{ $size }枚にすると、
           *[no] マリガンで{ $size }枚にすると、カードが1枚減り、
        }{ $count ->
            [0] 呪文のないこの手札全体を手放します
           *[other] この手札の{ $spells }を手放します
        }
    }
mulligan-coach-sets-aside = { $done ->
        [yes] マリガンで{ $size }枚にしたとき、{ $given }を脇に置き、代わりに{ $drawn ->
            [0] 1枚も引きませんでした
           *[other] { $drawn }枚引きました
        }
       *[no] マリガンで{ $size }枚にすると、{ $given }を脇に置き、代わりに{ $drawn ->
            [0] 1枚も引きません
           *[other] { $drawn }枚引きます
        }
    }
mulligan-coach-aside-lands = 土地のうち{ $count }枚
mulligan-coach-aside-spells = 呪文のうち{ $count }枚
mulligan-coach-lands = 土地{ $count }枚
mulligan-coach-spells = 呪文{ $count }枚
mulligan-coach-instead = 代わりにマリガンすると（{ $policy }）：**{ $percent }**。
mulligan-coach-policy = その後はコーチと同じ基準でキープ：7枚なら土地2～5枚、6枚か5枚なら2～4枚、4枚以下なら常にキープ
mulligan-coach-on-mulligan = **コーチ（あなたのマリガンについて）**：{ $verdict }その{ $cards }枚（{ $lands ->
        [0] 土地なし
       *[other] 土地{ $lands }枚
    }）をキープ{ $then ->
        [bottom] して{ $bottom }枚を一番下に置いて
        [scry] して占術1を行って（土地は一番上に残し、呪文は一番下に置く）
       *[none] して
    }いれば、{ $play ->
        [play] 先攻
       *[draw] 後攻
    }で{ $turns }ターン目まで毎ターン土地を置ける確率は**{ $keep }**でした。{ $mulligan }。その場合は**{ $instead }**です（{ $policy }）。
mulligan-coach-mulligan-was-better = ✅ マリガンのほうが良い選択でした。
mulligan-coach-mulligan-was-tie = ✅ マリガンはキープとまったく同じくらい良い選択でした。
mulligan-coach-mulligan-was-worse = ❌ キープのほうが良い結果でした。
mulligan-coach-unrated-1994 = 1994年のマリガンは、すべて土地か土地が1枚もない手札で1回だけ行えるものなので、このキープは評価されません。
