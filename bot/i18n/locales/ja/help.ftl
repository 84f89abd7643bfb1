# /help：このボットでできることとコマンドを1画面で（cogs/guide/_help.py）。
cmd-help =
    .name = ヘルプ
    .description = このボットでできることとコマンドの一覧。

help-title = BingoMagicボット — ヘルプ
help-intro =
    マジック：ザ・ギャザリングのプレイヤーのためのボットです。
    - **BingoMagic**：基本土地60枚の共有ライブラリーで遊ぶ2人用ゲーム。メンバーか、私（簡単・普通・難しい）に挑戦できます。盤面は公開され、手札はDMであなただけに届きます。
    - **マリガン練習**：マジックで使われてきたすべてのマリガン・ルールで初期手札を配ります。プリセットのデッキでも自分のリストでも使え、コーチが確率を示します。
    - **成績**：サーバーごとの結果、レーティング、ランキング。
    - **パズル**：`/{ cmd-bingo.name } { cmd-bingo-puzzle.name }`で、実際の対戦でプレイヤーが間違えた局面の最善手を考えます。まずはあなた自身のミスから。レーティングと連続記録つき。
    - **あなたのデータ**：`/{ cmd-privacy.name } { cmd-privacy-export.name }` で、私が保存しているあなたのデータをすべて非公開で送ります。`/{ cmd-privacy.name } { cmd-privacy-delete.name }` で消去します。
    BingoMagicは初めてですか？　`/{ cmd-bingo.name } { cmd-bingo-rules.name }`でルールを1ページずつ表示します。
help-group-bingo = BingoMagic
help-group-mulligan = マリガン練習
help-group-privacy = あなたのデータ
help-group-continued = { $group }（続き）
help-group-other = その他
help-footer = これはあなたにだけ表示されています。
