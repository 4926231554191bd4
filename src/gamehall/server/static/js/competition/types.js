// @ts-check
// The shapes of the tournaments' and ratings' API answers (docs/protocol.md).

/**
 * @typedef {{outcome: string, score: number[] | null}} ResultView
 * @typedef {{round: number, board: number, leg: number, first: string, second: string | null,
 *   result: ResultView | null, group: string | null, stage: string, match_id: string | null,
 *   match_status: string | null}} PairingView
 * @typedef {{rank: number, player: string, points: number, tiebreaks: Record<string, number | null>,
 *   lot: number, group: string | null, qualified: boolean, annulled: boolean}} StandingView
 * @typedef {{name?: string | null, rows: StandingView[], tiebreaks: string[], lots_seed: number}} StandingsView
 * @typedef {{id: number, name: string, game: string, format: string, settings: Record<string, any>,
 *   rated: boolean, grace_seconds: number, starts_at: string | null, status: string,
 *   created_by: string | null, created_at: string, entries: string[]}} TournamentView
 * @typedef {{tournament: TournamentView, players: string[], ratings: Record<string, string>,
 *   current_round: number, pairings: PairingView[], standings: StandingsView | null,
 *   groups: StandingsView[], withdrawn: string[], winner: string | null}} TournamentDetail
 * @typedef {{player: string, game: string, rating: number, deviation: number, provisional: boolean,
 *   display: string, fibs: number | null, games: number}} RatingView
 * @typedef {{at: string, rating: number, deviation: number, match_id: string | null}} HistoryPoint
 */

export {};
