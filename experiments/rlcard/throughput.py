import time, sys
import numpy as np
import rlcard
from rlcard.agents import RandomAgent

def env_loop(n_games, players=2):
    env = rlcard.make('uno', config={'seed': 1, 'game_num_players': players})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(players)])
    t = time.time()
    wins = np.zeros(players)
    for _ in range(n_games):
        _, payoffs = env.run(is_training=False)
        wins[np.argmax(payoffs)] += 1
    dt = time.time() - t
    return n_games / dt, wins / n_games

def bare(n_games, players=2):
    from rlcard.games.uno.game import UnoGame
    g = UnoGame(num_players=players)
    g.np_random = np.random.RandomState(1)
    rng = np.random.RandomState(2)
    t = time.time()
    steps = 0
    for _ in range(n_games):
        state, pid = g.init_game()
        while not g.is_over():
            legal = g.get_legal_actions()
            a = legal[rng.randint(len(legal))]
            state, pid = g.step(a)
            steps += 1
    dt = time.time() - t
    return n_games / dt, steps / n_games

for i in range(3):
    r, w = env_loop(2000)
    print(f"env loop 2p: {r:.0f} games/s, win rates {w}")
for i in range(3):
    r, s = bare(5000)
    print(f"bare engine 2p: {r:.0f} games/s, {s:.1f} steps/game")
