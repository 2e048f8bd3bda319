"""``python -m prompt_budget.schema``: print, write or check the generated configuration reference."""

from prompt_budget.schema import main

raise SystemExit(main())
