# /help：全コマンドと使える人をページごとに（cogs/guide/_help.py）。
help-group-bingo-season = シーズン
help-group-bingo-tournament = トーナメント
help-group-bingo-settings = サーバー設定
help-group-bingo-mod = モデレーション
help-group-mulligan-deck = 保存したデッキリスト
help-page = { $page } / { $pages }ページ
help-legend = 🛡️ 主催者（「サーバー管理」権限、または主催者ロール）· ⚙️ 「サーバー管理」権限 · 🔨 モデレーター（「メッセージの管理」権限、またはモデレーターロール）
