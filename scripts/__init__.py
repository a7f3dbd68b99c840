"""The build around the rules engine, in pipeline order.

vault/        the vault compiler: notes -> finished HTML pages, navigation, problems (no MkDocs)
calculators/  the calculators' build side: worked examples checked, answers, wheel, snapshot
site/         page finishing, policy, link check, precompression, static server
site/shell/   the site adapter: the only code that imports MkDocs (hooks, config, publish)
theme/        the theme: templates, style sheets, the calculators' browser scripts
bench/        benchmarks and generators, apart from the product
setup.sh serve.sh test.sh publish.sh   the commands
"""
