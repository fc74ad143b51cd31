from sync.serve import main

main()
