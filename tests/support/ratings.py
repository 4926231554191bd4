"""A player given a rating in a game, as rated results would have left him: for tests of what
shows the rating (the lobby's seeks), without playing the results."""

from gamehall.play.settings import GameName
from gamehall.ratings import GameRatings
from gamehall.ratings.values import Glicko2Rating
from gamehall.store import Store
from gamehall.store.competition_models import RatingRow


def give_rating(
    store: Store, user_id: int, game: GameName, rating: float, deviation: float = 60.0
) -> GameRatings:
    """Store ``rating`` (± ``deviation``) as the user's Glicko-2 rating in ``game``."""
    ratings = GameRatings(game, Glicko2Rating(rating, deviation), GameRatings.new(game).fibs)
    with store.transactions.write() as session:
        session.merge(
            RatingRow(
                user_id=user_id,
                game=game,
                ratings=ratings.to_dict(),
                rating=rating,
                deviation=deviation,
                games=10,
                updated_at=store.transactions.now(),
            )
        )
    return ratings
