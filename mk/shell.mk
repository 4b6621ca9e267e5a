# Man pages and shell completions, generated from the clap definitions (issue 17).
#
#   make man            target/man/queensat.1 and one queensat-COMMAND.1 per command
#                       (read one with `man -l target/man/queensat-value.1`)
#   make completions    target/completions/queensat.{bash,zsh,fish}

.PHONY: man completions

man: build
	$(BIN) man target/man

completions: build
	@mkdir -p target/completions
	$(BIN) completions bash > target/completions/queensat.bash
	$(BIN) completions zsh > target/completions/_queensat
	$(BIN) completions fish > target/completions/queensat.fish
	@echo "target/completions/: queensat.bash, _queensat (zsh), queensat.fish"
