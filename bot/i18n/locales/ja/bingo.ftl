# BingoMagicの対戦：盤面、手札パネル、対戦ログ、挑戦と返答。
# 名前（$who、$other、$winner …）は表示してよい形で渡される。$land と $card は絵文字付きの
# 土地（「🔥 山」）。$deadline はDiscordのタイムスタンプ（「<t:…:R>」、クライアントが「5分後」と表示）。
# 日本語にはCLDRの複数形がない（"other" のみ）ので、英語の [one] の分岐は持たない。

## 対戦が終わった理由（「〜で勝利」の後、または「引き分け（…）」の中）

bingo-reason-five-of-a-color = 同じ色の土地5枚
bingo-reason-five-colors = 全5色の土地1枚ずつ
bingo-reason-resign = 投了
bingo-reason-timeout = { $n }ターン連続の時間切れ
bingo-reason-passes = { $n }回連続のパス
bingo-reason-turn-limit = { $n }ターンの上限
bingo-reason-no-result = 対戦を続けられなくなったこと
bingo-reason-moderator = モデレーターが終了したこと

## 結果

bingo-result-no-result = ⛔ 対戦は結果なしで終了しました：このチャンネルで続けられなくなりました。
bingo-result-no-result-tournament-time = ⛔ 対戦が終わる前にラウンドの制限時間になりました：トーナメントでは引き分けです。
bingo-result-no-result-tournament-report = ⛔ 対戦は中断されました：主催者がトーナメントの結果を記録しました。
bingo-result-moderator = ⛔ モデレーターが対戦を結果なしで終了しました（誰の記録にもなりません）。理由：{ $reason }
bingo-result-moderator-no-reason = ⛔ モデレーターが対戦を結果なしで終了しました（誰の記録にもなりません）。
bingo-result-draw = 🤝 引き分けです（{ $reason }）。
bingo-result-win = 🏆 **{ $winner }** の勝利（{ $reason }）！
bingo-result-post = { $result }（BingoMagic #{ $id }、{ $turns }ターン）
# プレイヤー本人の結果（パネル）。
bingo-result-you-win = **あなたの勝利**（{ $reason }）！
bingo-result-you-win-resign = **あなたの勝利**：{ $other }が投了しました。
bingo-result-you-win-timeout = **あなたの勝利**：{ $other }が時間切れになりました（{ $reason }）。
bingo-result-you-lose = **あなたの負け**：{ $other }の勝利（{ $reason }）。
bingo-result-you-resigned = **投了しました**：{ $other }の勝利です。
bingo-result-you-timed-out = **あなたの負け**：時間切れです（{ $reason }）。

## 対戦ログ

bingo-event-roll-pair = { $first } 🎲{ $a } – { $second } 🎲{ $b }
bingo-event-roll = ダイスロール：{ $rolls }。**{ $starter }** が先攻です。
bingo-event-declare-auto = { $who }は手札がないので、キープしなければなりません。
bingo-event-declare-keep = { $who }はキープします。
bingo-event-declare-mulligan = { $who }はマリガンを宣言します。
bingo-event-mulligan = { $who }は{ $number }回目のマリガンを行います → { $n }枚。
bingo-event-bottom-own = { $card }をライブラリーの一番下に置きました。
bingo-event-bottom = { $who }はカードを1枚ライブラリーの一番下に置きます。
bingo-event-aside = { $who }はカードを{ $n }枚脇に置きます。
bingo-event-aside-returned = { $who }が脇に置いたカード{ $n }枚をライブラリーに混ぜ入れます。
bingo-event-scry-own-top = { $who }は占術1を行い、{ $card }を一番上に置きます。
bingo-event-scry-own-bottom = { $who }は占術1を行い、{ $card }を一番下に置きます。
bingo-event-scry-top = { $who }は占術1を行い、カードを一番上に置きます。
bingo-event-scry-bottom = { $who }は占術1を行い、カードを一番下に置きます。
bingo-event-scry-skipped = { $who }は占術するカードがありません。
bingo-event-turn = — 第{ $turn }ターン：**{ $who }** —
bingo-event-draw-own = { $card }を引きました。
bingo-event-draw = { $who }はカードを1枚引きます。
bingo-event-no-draw = { $who }はカードを引けません：ライブラリーも両方の墓地も空です。
bingo-event-reshuffle = ライブラリーが空です：両方の墓地を混ぜて新しいライブラリーにします（{ $n }枚）。
bingo-event-announce = { $who }は{ $land }を置きます。
bingo-event-counter = { $who }は{ $island } + { $other }で**打ち消し**ます！　{ $land }は墓地に置かれます。
bingo-event-resolve = { $land }が{ $who }の陣地に置かれます。
bingo-event-discard = { $who }は{ $land }を捨てます。
bingo-event-destroy = { $who }は{ $target }の{ $land }を破壊します。
bingo-event-take-own = { $who }は自分の墓地から{ $land }を手札に戻します。
bingo-event-take = { $who }は{ $source }の墓地から{ $land }を手札に加えます。
bingo-event-no-effect = { $land }：何も起こりません。
bingo-event-pass = { $who }はパスします。
bingo-event-timeout = ⏰ { $who }は時間切れになりました。
bingo-event-resign = 🏳️ { $who }は投了しました。

## 対戦が待っていること（公開される文：手札には触れない）

bingo-over = 対戦は終了しました。
bingo-waiting-declare = **{ $who }** がキープかマリガンを選ぶのを待っています
bingo-waiting-bottom = **{ $who }** がカードを一番下に置くのを待っています
bingo-waiting-aside = **{ $who }** がカードを脇に置くのを待っています
bingo-waiting-scry = **{ $who }** が占術を行うのを待っています
bingo-waiting-main = **{ $who }** が土地を置くかパスするのを待っています
bingo-waiting-counter = **{ $who }** が打ち消すか解決させるのを待っています
bingo-waiting-swamp = **{ $who }** がカードを捨てるのを待っています（沼）
bingo-waiting-mountain = **{ $who }** が破壊する土地を選ぶのを待っています（山）
bingo-waiting-forest = **{ $who }** が回収する土地を選ぶのを待っています（森）

## 公開の盤面

bingo-board-title = BingoMagic #{ $id } — { $first } vs { $second }
bingo-board-turn = 第{ $turn }ターン · { $waiting }
bingo-board-mulligans = マリガン · { $waiting }
bingo-board-deadline = （{ $deadline }に時間切れ）
bingo-board-stack = スタック上：{ $land }
bingo-board-player =
    陣地：{ $territory }
    手札：{ $hand }枚
    墓地：{ $discard }
bingo-board-library = ライブラリー
bingo-board-library-size = { $n }枚
bingo-board-recent = 最近の出来事
bingo-board-footer = 対戦 #{ $id } · { $rules }

## 卓のルールをひと言で

bingo-rules-mulligans = { $rule }
bingo-rules-free-first = 、初回フリー
bingo-rules-sequential = 、1人ずつ
bingo-rules-forest = 、森はどちらの墓地からでも

## プレイヤーの非公開パネル

bingo-panel-title = { $name }の手札 — BingoMagic #{ $id }
bingo-panel-deadline = { $deadline }に時間切れになります。
bingo-panel-hand = 手札
bingo-panel-hand-empty = （なし）
bingo-panel-territories = 陣地
bingo-panel-you = あなた：{ $line }
bingo-panel-other = { $name }：{ $line }
bingo-panel-footer = 対戦 #{ $id } · あなたにだけ表示されています
bingo-prompt-waiting = { $waiting }。
bingo-prompt-declare = **キープしますか？　マリガンしますか？**
bingo-prompt-declare-partial = マリガンではカードを脇に置き、その枚数より1枚少なく引きます。
bingo-prompt-declare-next = マリガンすると手札は{ $n }枚になります。
bingo-prompt-declared = 宣言済み：{ $list }。
bingo-prompt-declared-keeps = { $who }はキープ
bingo-prompt-declared-mulligans = { $who }はマリガン
bingo-prompt-bottom = **カードを{ $n }枚、ライブラリーの一番下に置いてください。**
bingo-prompt-aside = マリガンのために**カードを脇に置いてください**（現在{ $n }枚）。終わったら「脇に置き終える」を押してください。
bingo-prompt-scry = **占術1**。ライブラリーの一番上のカードは{ $card }です。
bingo-prompt-scry-nothing = なし
bingo-prompt-main = **あなたのターンです**。土地を置くか、パスしてください。
bingo-prompt-counter = { $other }が{ $land }を置こうとしています。島ともう1枚のカードを捨てて**打ち消す**か、解決させてください。
bingo-prompt-swamp = { $other }の沼：**捨てるカードを選んでください。**
bingo-prompt-mountain = あなたの山：**{ $other }の陣地から破壊する土地を選んでください。**
bingo-prompt-forest = あなたの森：**手札に戻す土地を選んでください。**

## ボタン（$name：土地。$other：相手）

bingo-label-keep = キープ
bingo-label-mulligan = マリガン
bingo-label-bottom = { $name }を一番下へ
bingo-label-aside = { $name }を脇に置く
bingo-label-aside_done = 脇に置き終える
bingo-label-scry_top = 一番上に残す
bingo-label-scry_bottom = 一番下に置く
bingo-label-place = { $name }を置く
bingo-label-pass = パス
bingo-label-allow = 解決させる
bingo-label-counter = 打ち消す（島 + { $name }）
bingo-label-discard = { $name }を捨てる
bingo-label-destroy = { $name }を破壊
bingo-label-take = { $name }を回収
bingo-label-take_opp = { $other }の{ $name }を回収
bingo-button-accept = 受ける
bingo-button-decline = 断る
bingo-button-show-hand = 手札を見る
bingo-button-play-again = もう一度遊ぶ

## 配信（「〜ため」の前に置く理由）

bingo-gone-deleted = チャンネルが削除された
bingo-gone-access = 私がチャンネルを見られなくなった
bingo-gone-permissions = 私がチャンネルに投稿できなくなった
bingo-gone-other = チャンネルが使えなくなった
bingo-dms-closed = { $user }、BingoMagic #{ $id }であなたの判断が必要です：盤面の**手札を見る**を押してください（DMが閉じています）。
bingo-no-result-dm = ⛔ { $other }とのBingoMagic #{ $id }は、{ $why }ため結果なしで終了しました。誰の成績にも数えられません。また自由に対戦できます。

## 返答

bingo-not-yours = これはあなたの対戦ではありません。
bingo-panel-superseded = このパネルは古くなったので、ボタンはありません。現在のパネル：{ $link }
bingo-match-over = この対戦は終了しました。
bingo-already-over = この対戦はすでに終了しています。
bingo-not-in-a-match = このサーバーで参加中の対戦はありません。
bingo-busy = このサーバーですでに対戦中です。最後まで遊ぶか、`/{ cmd-bingo.name } { cmd-bingo-resign.name }`で投了してください。
bingo-resigned = BingoMagic #{ $id }を投了しました。
bingo-level = { $level ->
    [easy] 簡単
    [hard] 難しい
   *[medium] 普通
}
bingo-bot-match = 🤖 { $member }がボット（{ $level }）と対戦：BingoMagic #{ $id }が始まります。手札はDMで届きます。
bingo-bot-match-thread = 🤖 { $member }がボット（{ $level }）と対戦：BingoMagic #{ $id }が{ $thread }で始まります。手札はDMで届きます。
bingo-play-again-not-yours = これをもう一度遊べるのは{ $member }だけです。あなたも私に挑戦してください！
bingo-self-challenge = 自分自身には挑戦できません。
bingo-no-bots = 私以外のボットはBingoMagicを遊べません。ボットと対戦するなら{ $me }に挑戦してください。
bingo-level-member = 「{ cmd-bingo-challenge-level.name }」オプションは私との対戦専用です：メンバーは自分の実力で遊びます。

## 挑戦

bingo-challenge-not-open = この挑戦はもう受け付けていません。
bingo-challenge-opponent-busy = { $name }はすでに対戦中です。
bingo-challenge-pair = あなたと{ $name }の間にはすでに返答待ちの挑戦があります：返答か、期限切れを待ってください。
bingo-challenge-limit = このサーバーで返答待ちの挑戦がすでに{ $n }件あります。どれかに返答があるか、期限が切れるまで待ってください。
bingo-challenge-post = ⚔️ { $opponent }、{ $challenger }からBingoMagicの挑戦です！　ルール：{ $rules }。挑戦の期限：{ $deadline }。
bingo-challenge-only-opponent = この挑戦に答えられるのは{ $opponent }だけです。
bingo-challenge-declined = ❌ { $opponent }は{ $challenger }からの挑戦を断りました。
bingo-challenge-cancelled = この挑戦は取り消されました：{ $user }はすでに対戦中です。
bingo-challenge-accepted = ✅ { $opponent }が{ $challenger }からの挑戦を受けました：BingoMagic #{ $id }が始まります。手札はDMで届きます。
bingo-challenge-accepted-thread = ✅ { $opponent }が{ $challenger }からの挑戦を受けました：BingoMagic #{ $id }が{ $thread }で始まります。手札はDMで届きます。
# 対戦のスレッド名（最大100文字：名前は短くされる）。
bingo-thread-name = BingoMagic #{ $id } · { $first } vs { $second }
bingo-challenge-expired = ⌛ { $challenger }から{ $opponent }への挑戦は期限切れになりました。

## 成績とランキング

bingo-stats-line = { $wins }勝 · { $losses }敗 · { $draws }分 · { $rate }%（{ $played }戦）
bingo-stats-title = BingoMagic — { $name }
bingo-stats-none = このサーバーにはまだ終了した対戦がありません。
bingo-stats-wins = 勝ち
bingo-stats-losses = 負け
bingo-stats-draws = 引き分け
bingo-stats-win-rate = 勝率
bingo-stats-rank = 順位
bingo-stats-against-bot = ボットとの対戦
bingo-stats-level-line = { $level }：{ $line }
bingo-stats-recent = 最近の対戦
bingo-stats-no-result = 結果なし
bingo-stats-draw = 引き分け
bingo-stats-win = 勝ち
bingo-stats-loss = 負け
bingo-stats-recent-line = #{ $id } { $opponent }戦：{ $turns }ターンで{ $outcome }
bingo-stats-recent-bot-line = #{ $id } ボット（{ $level }）戦：{ $turns }ターンで{ $outcome }
bingo-leaderboard-title = BingoMagicランキング
bingo-leaderboard-your-rank = あなたの順位
bingo-leaderboard-none-yet = このサーバーではまだ対戦を終えていません。
bingo-leaderboard-footer = メンバー同士の対戦の勝利数順、同数なら勝率順。

## /bingo 言語

bingo-language-set = 個別のメッセージは日本語でお送りします。
bingo-language-auto = 個別のメッセージはDiscordの言語（{ $language }）でお送りします。

## 公開の盤面での「あと1枚で勝利」（cogs/bingo/_render.py board_embed）
bingo-board-near-win = ⚠️ { $name }はあと{ $land }1枚で勝利
