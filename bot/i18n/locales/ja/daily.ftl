## 今日の手札（/mulligan daily）。

cmd-mulligan-daily =
    .name = 今日の手札
    .description = サーバーの今日の手札を判断します。
cmd-mulligan-daily-setup =
    .name = 今日の手札の設定
    .description = サーバー管理のみ：今日の手札を投稿するチャンネル、デッキ、ルールを設定します。
cmd-mulligan-daily-setup-channel =
    .name = チャンネル
    .description = 今日の手札を毎日投稿する場所
cmd-mulligan-daily-setup-deck =
    .name = デッキ
    .description = プリセット、保存したデッキ、または日替わり
cmd-mulligan-daily-setup-rule =
    .name = ルール
    .description = マリガン・ルール（既定：ロンドン）
cmd-mulligan-daily-setup-stop_posting =
    .name = 投稿をやめる
    .description = 今日の手札の投稿をやめる

daily-title = 今日の手札 — { $date }
daily-author = 今日の手札 · { $date } · サーバー全員に同じ手札
daily-resume = すでに回答しています。手札を最後まで進めてください。
daily-already = 今日の手札にはもう回答しました。サーバーの回答の内訳は`/{ cmd-mulligan.name } { cmd-mulligan-daily.name }`で見られます。
daily-answered-today = 今日のあなたの回答（1日1回）
daily-setup-line = { $deck } · { $rule } · { $play ->
        [play] 先攻
       *[draw] 後攻
    }
daily-you-kept = 今日の手札をキープしました（{ $cards }枚）。
daily-you-mulliganed = マリガンしてから、{ $cards }枚でキープしました。
daily-advice-keep = コーチの判定：**キープ**。
daily-advice-mulligan = コーチの判定：**マリガン**。
daily-advice-either = コーチの判定：**どちらでも**（数値では差がつきません）。
daily-coach-head = 配られたままの手札について：
daily-split-head = サーバーの回答の内訳
daily-split-line = キープ：{ $keeps }（{ $keep_share }） · マリガン：{ $mulligans }（{ $mulligan_share }）
daily-split-size = { $size }：{ $count }
daily-split-sizes = キープした枚数：{ $sizes }
daily-bar-title = 今日の手札 { $date } · 回答{ $count }件
daily-bar-keep = キープ
daily-bar-mulligan = マリガン
daily-bar-size = { $size }枚でキープ
daily-post-count = { $count ->
        [0] まだ回答はありません。
       *[other] 現在の回答は{ $count }件です。
    }内訳は1日が終わるまで非公開です。
daily-post-how = `/{ cmd-mulligan.name } { cmd-mulligan-daily.name }`で、あなただけに見える形で判断してください：キープかマリガンか？
daily-post-final = 1日が終わりました：{ $count ->
        [0] 回答はありませんでした。
       *[other] 回答は{ $count }件でした。
    }
daily-choice-rotate = 日替わり（プリセットとBingoMagic）
daily-setup-refused = 今日の手札を設定できるのは、このサーバーを管理できるメンバーだけです。
daily-setup-no-channel = 投稿しない
daily-setup-saved = 今日の手札：{ $channel }に投稿 · デッキ：{ $deck } · ルール：{ $rule }。今日すでに配られた手札はそのままで、変更は翌日の手札から適用されます。
daily-stats-answered = 連続回答日数
daily-stats-agreed = コーチとの連続一致
daily-stats-streak = { $current }（最高 { $best }）
