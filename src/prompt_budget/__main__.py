from prompt_budget.cli import main

raise SystemExit(main())
