# /mulligan：練習の手札、コーチ、デッキ、確率、成績、ランキング。
# 文中のコマンド名は commands.ftl から取る（{ cmd-mulligan.name } …）ので、読む人の
# Discordクライアントの表示と一致する。用語は日本語のマリガンの解説（シード003）のとおり。

## マリガン・ルール（RULES §2）とプリセットのデッキ

mulligan-rule-paris = パリ・マリガン（1997）
mulligan-rule-vancouver = バンクーバー・マリガン（2015）
mulligan-rule-london = ロンドン・マリガン（2019）
mulligan-rule-partial_paris = パーシャル・パリ・マリガン
mulligan-rule-early_1994 = オールランド／ノーランド・マリガン（1994）
mulligan-preset-constructed = 構築（60枚、土地24枚）
mulligan-preset-limited = リミテッド（40枚、土地17枚）
mulligan-preset-commander = 統率者戦（99枚 + 統率者、土地36枚）
mulligan-preset-bingomagic = BingoMagic（基本土地60枚）
mulligan-choice-constructed = プリセット：構築（60枚、土地24枚）
mulligan-choice-limited = プリセット：リミテッド（40枚、土地17枚）
mulligan-choice-commander = プリセット：統率者戦（99枚 + 統率者、土地36枚）
mulligan-choice-bingomagic = プリセット：BingoMagic（基本土地60枚、初期手札5枚）
mulligan-choice-saved = 保存済み：{ $name }
mulligan-card-land = 土地
mulligan-card-spell = 呪文

## 練習の手札

mulligan-hand-title = 初期手札 — { $deck }
mulligan-hand-lands = 土地（{ $count }）
mulligan-hand-spells = 呪文（{ $count }）
mulligan-hand-unchecked = 未確認のカード（呪文として数えています）
mulligan-hand-unchecked-text = Scryfallに接続できず、次のカードを確認できませんでした。このデッキで次に練習するときにもう一度確認します：{ $names }
mulligan-footer-rule = { $rule }
mulligan-footer-rule-free = { $rule }、初回フリー・マリガン
mulligan-footer-play = { $play ->
        [play] 先攻
       *[draw] 後攻
    }
mulligan-footer-taken = マリガン回数：{ $count }
mulligan-prompt-1994-needs = **キープしますか？**　1994年のマリガンは、すべて土地か、土地が1枚もない手札でしか行えません。
mulligan-prompt-no-more = **キープ**。これ以上マリガンできません。
mulligan-prompt-partial-paris = **キープしますか？　マリガンしますか？**　マリガンではカードを脇に置き、その枚数より1枚少なく引きます（この手札：{ $size }枚 → { $next }枚）。
mulligan-prompt-1994 = **キープしますか？　マリガンしますか？**　この手札は1994年のマリガンの条件を満たしています：新しい手札を初期手札枚数で引き直せます。
mulligan-prompt-next = **キープしますか？　マリガンしますか？**　次のマリガンで手札は{ $next }枚になります。
mulligan-prompt-bottom = **ライブラリーの一番下に置くカードを{ $count }枚選んでください。**
mulligan-prompt-aside = **脇に置くカードを選んでください**。脇に置いた枚数より1枚少なく引きます。
mulligan-prompt-scry = **占術1**。ライブラリーの一番上のカードは**{ $card }**です。一番上に残しますか、一番下に置きますか？
mulligan-scry-nothing = なし
mulligan-kept = キープしました。
mulligan-button-keep = キープ
mulligan-button-mulligan = マリガン
mulligan-button-top = 一番上
mulligan-button-bottom = 一番下
mulligan-button-again = もう一度練習する
mulligan-select-bottom = 一番下に置くカードを{ $count }枚選択
mulligan-select-aside = 脇に置くカードを選択
mulligan-option-land = （土地）
mulligan-hand-in-dms = 手札はDMに送りました。
mulligan-dms-closed = DMが閉じているので、ここにあなたにだけ表示します。
mulligan-dm-failed = DMを送れなかったので、ここにあなたにだけ表示します。

## コーチ

mulligan-coach-keep = **コーチ**。この{ $cards }枚をキープすると、{ $play ->
        [play] 先攻
       *[draw] 後攻
    }で{ $turns }ターン目まで毎ターン土地を置ける確率は**{ $percent }**です。
mulligan-coach-empty-library = **コーチ**。ライブラリーが空なので、{ $play ->
        [play] 先攻
       *[draw] 後攻
    }の最初のドローでゲームに負けます：土地を置ける確率は出せません。
mulligan-coach-runs-out = { $turn }ターン目からライブラリーが空になるので、このキープは評価されません。
mulligan-coach-keep-better = ✅ キープのほうが良い選択でした。
mulligan-coach-mulligan-better = ❌ マリガンのほうが良い結果でした。
mulligan-next-draws = 次に引くカード：{ $cards }。
mulligan-next-draws-none = なし
mulligan-coach-estimating = **コーチ**。この手札でBingoMagicの対戦に勝つ確率を、マリガンした場合と比べて計算しています…（1、2秒かかります）
mulligan-coach-failed = **コーチ**。今回は推定に失敗しました。数値はありません。
mulligan-coach-bingo = **コーチ**。この{ $cards }枚を{ $play ->
        [play] 先攻
       *[draw] 後攻
    }でキープすると、BingoMagicの対戦に勝つ確率は{ $estimate }です（両方の席を普通のAIがプレイする{ $games }回のシミュレーションによる）。
mulligan-coach-estimate = **{ $percent }**（95%区間 { $low }–{ $high }）
mulligan-coach-unrated = マリガンできなかったので、このキープは評価されません。
mulligan-coach-bingo-instead = 代わりに{ $size }枚にマリガンすると：{ $estimate }。{ $verdict }

## お断りとエラー（非公開）

mulligan-not-yours = これはあなたの練習用の手札ではありません。
mulligan-expired = この練習用の手札はもうありません：配った手札は{ $days }日間保存されます。`/{ cmd-mulligan.name } { cmd-mulligan-practice.name }`で新しく始めてください。
mulligan-1994-refusal = 1994年のマリガンはマジックのデッキ用です：ここではすべてのカードが土地です。
mulligan-deck-too-many = 保存したデッキが{ $count }個あり、1人が保存できる上限（{ $max }個）です。先に`/{ cmd-mulligan.name } { cmd-mulligan-deck.name } { cmd-mulligan-deck-delete.name }`で1つ削除するか、既存のデッキ名で上書き保存してください。
mulligan-no-such-deck = 「{ $name }」という名前の保存済みデッキはありません。`/{ cmd-mulligan.name } { cmd-mulligan-deck.name } { cmd-mulligan-deck-save.name }`で保存してください。
mulligan-deck-too-big = 「{ $name }」は{ $count }枚です。デッキは最大{ $max }枚までです。枚数を減らして保存し直してください。
mulligan-deck-name-blank = デッキ名には空白以外の文字が1文字以上必要です。
mulligan-odds-need-deck = デッキを指定するか、`{ cmd-mulligan-odds-size.name }`と`{ cmd-mulligan-odds-lands.name }`の両方を指定してください。
mulligan-odds-too-many-lands = デッキの土地の枚数はカードの枚数を超えられません。

## 保存したデッキ（非公開）

mulligan-modal-title = デッキリストを保存
mulligan-modal-label = デッキリスト
mulligan-no-decks = 保存したデッキはありません。`/{ cmd-mulligan.name } { cmd-mulligan-deck.name } { cmd-mulligan-deck-save.name }`を使ってください。
mulligan-deck-line = **{ $name }** — { $count }枚、土地{ $lands }枚{ $unchecked ->
        [0] {""}
       *[other] 、未確認{ $unchecked }枚
    }
mulligan-deck-line-too-big = **{ $name }** — { $count }枚（練習するには多すぎます）
mulligan-deck-deleted = **{ $name }**を削除しました。
mulligan-more = …ほか{ $count }件。
mulligan-more-short = ほか{ $count }件
mulligan-save-bad-lines = 何も保存されていません。次の行を直してください：
mulligan-save-bad-line = { $number }行目：{ $line } — { $reason }
mulligan-save-too-few = 何も保存されていません：デッキは{ $count }枚ですが、練習には{ $min }枚以上必要です。
mulligan-saved = **{ $name }**を保存しました：{ $count }枚、土地{ $lands }枚{ $unchecked ->
        [0] {""}
       *[other] 、未確認{ $unchecked }枚
    }。
mulligan-saved-commander = 統率者：{ $names }。
mulligan-saved-unchecked = Scryfallに接続できず、次のカードを確認できなかったので、今は呪文として数えます。このデッキで練習するとき、確率を調べるとき、デッキ一覧を表示するときにもう一度確認します：

## 確率（公開：サーバーの言語）

mulligan-odds-title = 確率 — { $deck }
mulligan-odds-custom-deck = { $size }枚、土地{ $lands }枚
mulligan-odds-lands-in-hand = 初期手札{ $size }枚の中の土地
mulligan-odds-lands-row = 土地{ $lands }枚：
mulligan-odds-kept-size = キープする手札の枚数（{ $policy }）
mulligan-odds-kept-row = { $size }枚：
mulligan-odds-policy = ロンドン・マリガンの方針
mulligan-odds-policy-free = ロンドン・マリガンの方針、初回フリー
mulligan-odds-drops = { $turn }ターン目まで毎ターン土地を置ける確率
mulligan-odds-on-the-play = 先攻：
mulligan-odds-on-the-draw = 後攻：
mulligan-odds-average = 平均：
mulligan-odds-runs-out = { $turn }ターン目より前にライブラリーが尽きます
mulligan-odds-runs-out-text = 初期手札を引いた後のライブラリーは{ $library }枚です：後攻なら{ $draw }ターン目から（先攻なら{ $play }ターン目から）空になり、空のライブラリーから引くとゲームに負けます。
mulligan-odds-footer = シミュレーションではなく、正確な値（超幾何分布）です。
mulligan-odds-unchecked = このデッキの{ $count }枚はまだ確認できていない（Scryfallに接続できない）ため、呪文として数えています：{ $names }

## 成績とランキング（公開：サーバーの言語）

mulligan-stats-title = マリガン練習 — { $name }
mulligan-stats-none = このサーバーにはまだ練習した手札がありません。
mulligan-stats-hands = 見た手札
mulligan-stats-mulligans = マリガン回数
mulligan-stats-keeps = キープ回数
mulligan-stats-agreed = コーチとの一致
mulligan-stats-sizes = キープした手札の枚数
mulligan-stats-rate = { $percent }（{ $agreed }/{ $rated }）
mulligan-leaderboard-title = マリガン練習ランキング
mulligan-leaderboard-row = **{ $rank }.** { $member } — 一致率 { $percent }（{ $agreed }/{ $rated }、{ $hands }手札）
mulligan-leaderboard-empty = このサーバーではまだ誰も{ $min }回の練習をしていません。
mulligan-leaderboard-footer = コーチとの一致率順。{ $min }回以上練習した人が対象です。
