//! The keeper client: `createClient(options)`, its `DlmmClient` class with one line per exported operation, and
//! `lexicalOrderMints`.

use std::rc::Rc;

use dlmm_query::ops::{
    AllByGroups, AllByGroupsMetadata, AllWithPagination, GetClaimFees, GetClaimRewards, GetDeposits, GetPair,
    GetPairFeeBpsByDays, GetPairPositionsLock, GetPairSwapRecords, GetPairTvlByDays, GetPairVolumeByDays, GetPosition,
    GetPositionV2, GetProtocolMetrics, GetSingleGroupPair, GetWalletEarning, GetWithdraws, LexicalOrderMints,
};
use wasm_bindgen::prelude::*;

use crate::call::{all_pairs, position_pnl, send};
use crate::client::{Core, new_core};
use crate::exports::exports;
use crate::iter::keeper_pages;
use crate::js_error::input_error;
use crate::options::{
    AllOptionsArg, CallOptionsArg, ClientOptionsArg, GetPoolMetricsOptions, PairListOptionsArg, PositionPnlOptionsArg,
    all_query, arg, client_config, list_query, pnl_query, pool_metrics_query, string_arg,
};

/// A client of both keeper APIs (pair and pool groups). Create it with `createClient`.
#[wasm_bindgen(js_name = DlmmClient)]
pub struct JsClient {
    inner: Rc<Core>,
}

/// `createClient(options?)`: a client for the given base URLs; throws a `DlmmError` (`invalidInput`) on bad options.
#[wasm_bindgen(js_name = createClient)]
pub fn create_client(options: Option<ClientOptionsArg>) -> Result<JsClient, JsValue> {
    let options = arg(options);
    Ok(JsClient { inner: new_core(client_config(&options)?, &options)? })
}

#[wasm_bindgen(js_class = DlmmClient)]
impl JsClient {
    /// The pair API base URL in use.
    #[wasm_bindgen(getter, js_name = pairBaseUrl)]
    pub fn pair_base_url(&self) -> String {
        self.inner.config().pair_base_url.to_string()
    }

    /// The pool API base URL in use.
    #[wasm_bindgen(getter, js_name = poolBaseUrl)]
    pub fn pool_base_url(&self) -> String {
        self.inner.config().pool_base_url.to_string()
    }
}

exports! {
    JsClient as DlmmClient;
    async {
        // No argument.
        "`GET /info/protocol_metrics`: protocol-wide TVL, volume and fee totals (USD)."
        getProtocolMetrics get_protocol_metrics(; options: CallOptionsArg) -> "Promise<ProtocolMetrics>"
            => send(GetProtocolMetrics::new());
        "`GET /pair/all`: every pair. With `minTvl`, pairs under that TVL are dropped while decoding."
        all all(; options: AllOptionsArg) -> "Promise<PairInfo[]>" => all_pairs(all_query(options)?);

        // List options.
        "`GET /pair/all_by_groups`: one page of pair groups (`{ groups, total }`)."
        allByGroups all_by_groups(; options: PairListOptionsArg) -> "Promise<AllGroupOfPairs>"
            => send(AllByGroups::from_query(list_query(Some(options))?));
        "`GET /pair/all_by_groups_metadata`: one page of pair-group aggregates (`{ metadatas, total }`)."
        allByGroupsMetadata all_by_groups_metadata(; options: PairListOptionsArg) -> "Promise<AllGroupOfPairsMetadata>"
            => send(AllByGroupsMetadata::from_query(list_query(Some(options))?));
        "`GET /pair/all_with_pagination`: one page of pairs (`{ pairs, total }`)."
        allWithPagination all_with_pagination(; options: PairListOptionsArg) -> "Promise<AllPairsWithPagination>"
            => send(AllWithPagination::from_query(list_query(Some(options))?));

        // One pair, group or pool address.
        "`GET /pair/group_pair/{lexicalOrderMints}`: every pair trading the same two mints."
        getSingleGroupPair get_single_group_pair(lexical_order_mints: "string"; options: CallOptionsArg)
            -> "Promise<PairInfo[]>" => send(GetSingleGroupPair::new(lexical_order_mints));
        "`GET /pair/{pairAddress}`: one pair."
        getPair get_pair(pair_address: "string"; options: CallOptionsArg) -> "Promise<PairInfo>"
            => send(GetPair::new(pair_address));
        "`GET /pair/{pairAddress}/positions_lock`: locks on the pair's positions."
        getPairPositionsLock get_pair_positions_lock(pair_address: "string"; options: CallOptionsArg)
            -> "Promise<PositionLock[]>" => send(GetPairPositionsLock::new(pair_address));
        "`GET /pools/{address}/metrics`: resolves to the pool's metrics record (the envelope's `data`)."
        getPoolMetrics get_pool_metrics(address: "string"; options: GetPoolMetricsOptions) -> "Promise<PoolMetrics>"
            => send(pool_metrics_query(address, options)?);

        // A pair address and a count.
        "`GET /pair/{pairAddress}/analytic/pair_fee_bps`: hourly fee rates (bps) over `numOfDays` days, oldest first."
        getPairFeeBpsByDays get_pair_fee_bps_by_days(pair_address: "string", num_of_days: "number"; options: CallOptionsArg)
            -> "Promise<PairFeeBps[]>" => send(GetPairFeeBpsByDays::new(pair_address, num_of_days));
        "`GET /pair/{pairAddress}/analytic/pair_trade_volume`: daily volume and fees (USD), oldest first."
        getPairVolumeByDays get_pair_volume_by_days(pair_address: "string", num_of_days: "number"; options: CallOptionsArg)
            -> "Promise<PairTradeVolume[]>" => send(GetPairVolumeByDays::new(pair_address, num_of_days));
        "`GET /pair/{pairAddress}/analytic/pair_tvl`: daily TVL (USD), oldest first."
        getPairTvlByDays get_pair_tvl_by_days(pair_address: "string", num_of_days: "number"; options: CallOptionsArg)
            -> "Promise<PairTvlSnapshotByDay[]>" => send(GetPairTvlByDays::new(pair_address, num_of_days));
        "`GET /pair/{pairAddress}/analytic/swap_history`: the latest `rowsToTake` swaps, newest first."
        getPairSwapRecords get_pair_swap_records(pair_address: "string", rows_to_take: "number"; options: CallOptionsArg)
            -> "Promise<Swap[]>" => send(GetPairSwapRecords::new(pair_address, rows_to_take));

        // One position address.
        "`GET /position/{positionAddress}`: a position's claimed totals and 24 h fee yield."
        getPosition get_position(position_address: "string"; options: CallOptionsArg) -> "Promise<PositionWithApy>"
            => send(GetPosition::new(position_address));
        "`GET /position/{positionAddress}/claim_fees`: a position's fee claims."
        getClaimFees get_claim_fees(position_address: "string"; options: CallOptionsArg) -> "Promise<ClaimFee[]>"
            => send(GetClaimFees::new(position_address));
        "`GET /position/{positionAddress}/claim_rewards`: a position's farm reward claims."
        getClaimRewards get_claim_rewards(position_address: "string"; options: CallOptionsArg) -> "Promise<ClaimReward[]>"
            => send(GetClaimRewards::new(position_address));
        "`GET /position/{positionAddress}/deposits`: a position's deposits."
        getDeposits get_deposits(position_address: "string"; options: CallOptionsArg) -> "Promise<DepositWithdraw[]>"
            => send(GetDeposits::new(position_address));
        "`GET /position/{positionAddress}/withdraws`: a position's withdrawals."
        getWithdraws get_withdraws(position_address: "string"; options: CallOptionsArg) -> "Promise<DepositWithdraw[]>"
            => send(GetWithdraws::new(position_address));
        "`GET /position_v2/{positionAddress}`: a position's claimed totals and creation time."
        getPositionV2 get_position_v2(position_address: "string"; options: CallOptionsArg) -> "Promise<Position>"
            => send(GetPositionV2::new(position_address));
        "A position's profit and loss from its deposits, withdrawals, fee and reward claims (fetched together)."
        getPositionPnl get_position_pnl(position_address: "string"; options: PositionPnlOptionsArg) -> "Promise<PositionPnl>"
            => position_pnl(pnl_query(position_address, options)?);

        // A wallet and a pair.
        "`GET /wallet/{walletAddress}/{pairAddress}/earning`: what a wallet claimed from one pair (0 or 1 records)."
        getWalletEarning get_wallet_earning(wallet_address: "string", pair_address: "string"; options: CallOptionsArg)
            -> "Promise<WalletEarning[]>" => send(GetWalletEarning::new(wallet_address, pair_address));
    }
    iter {
        "Every pair of `allWithPagination`, page after page, as an async iterator (`for await … of`)."
        pairs pairs(; options: PairListOptionsArg) -> "DlmmAsyncIterator<PairInfo>"
            => keeper_pages(AllWithPagination::from_query(list_query(Some(options))?));
        "Every group of `allByGroups`, page after page, as an async iterator."
        groups groups(; options: PairListOptionsArg) -> "DlmmAsyncIterator<PairGroup>"
            => keeper_pages(AllByGroups::from_query(list_query(Some(options))?));
        "Every group aggregate of `allByGroupsMetadata`, page after page, as an async iterator."
        groupMetadatas group_metadatas(; options: PairListOptionsArg) -> "DlmmAsyncIterator<PairGroupMetadata>"
            => keeper_pages(AllByGroupsMetadata::from_query(list_query(Some(options))?));
    }
}

/// `lexicalOrderMints(a, b)`: the key of the pair group trading mints `a` and `b` (byte-wise sorted, joined by `-`).
#[wasm_bindgen(js_name = lexicalOrderMints)]
pub fn lexical_order_mints(
    #[wasm_bindgen(unchecked_param_type = "string")] a: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] b: JsValue,
) -> Result<String, JsValue> {
    let a = string_arg("lexical_order_mints", &a)?;
    let b = string_arg("lexical_order_mints", &b)?;
    LexicalOrderMints::from_mints(&a, &b).map(String::from).map_err(input_error)
}
