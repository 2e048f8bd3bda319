from prompt_budget.replay import main

raise SystemExit(main())
