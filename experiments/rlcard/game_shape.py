import numpy as np, time
from rlcard.games.uno.game import UnoGame
g = UnoGame(num_players=2)
g.np_random = np.random.RandomState(7)
rng = np.random.RandomState(8)
N = 60000
steps = np.zeros(N); wins = np.zeros(2)
for i in range(N):
    g.init_game()
    s = 0
    while not g.is_over():
        legal = g.get_legal_actions()
        g.step(legal[rng.randint(len(legal))]); s += 1
    steps[i] = s
    wins[g.round.winner] += 1
print("games", N, "mean steps %.2f (se %.2f) median %d p90 %d p99 %d" % (steps.mean(), steps.std()/np.sqrt(N), np.median(steps), np.percentile(steps,90), np.percentile(steps,99)))
print("seat0 win %.4f (se %.4f)" % (wins[0]/N, np.sqrt(0.25/N)))
