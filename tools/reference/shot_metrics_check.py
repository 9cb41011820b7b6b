#!/usr/bin/env python3
"""The shot metrics of three real shot files, computed with plain Python loops (float64, no numpy), for the
numbers written into Tests/BrewShotsTests/ShotMetricsRealShotTests.swift.

Independent of both the Swift code (Sources/BrewStats/Shots/ShotMetric*.swift) and the benchmark's pandas reference
(tools/bench/shots_reference.py): written from the README's "Shot metrics" definitions, one sample at a time.
The unit conversions match the test's: Decent JSON strings parsed, its series cut to the length of `elapsed`;
Gaggiuino and GaggiMate times from ms to s; Gaggiuino `temperature` as the basket temperature; GaggiMate `v`
(all zero in this file: no scale) as the weight. The Decent shot twice: by its pressure alone, and with its
phases (its `state_change` sign flips) for the end of pre-infusion.

    python3 tools/reference/shot_metrics_check.py [PEER_DATA_FOLDER]
"""
import json
import math
import sys
P=(sys.argv[1] if len(sys.argv) > 1 else '../shared/peer-data/visualizer').rstrip('/') + '/'
def f(x): return float(x)

def metrics(t, ch, dose=None, brew_yield=None, phases=()):
    n=len(t)
    def valid(name,i):
        s=ch.get(name)
        if s is None: return False
        v=s[i]
        return v is not None and v>=0 and math.isfinite(v)
    def cross(name,thr):
        prev=None
        for i in range(n):
            if not valid(name,i): continue
            v=ch[name][i]
            if v>=thr:
                if prev is None or not(ch[name][prev]<thr) or not(v>ch[name][prev]): return t[i]
                pv=ch[name][prev]; return t[prev]+(thr-pv)/(v-pv)*(t[i]-t[prev])
            prev=i
        return None
    def tmean(vf, val, start):
        area=span=s=0.0; c=0
        for i in range(n):
            if t[i]>=start and vf(i):
                v=val(i); s+=v; c+=1
                if i+1<n and vf(i+1):
                    dt=t[i+1]-t[i]; area+=(v+val(i+1))/2*dt; span+=dt
        if span>0: return area/span
        return s/c if c else None
    def mx(name,start):
        vals=[ch[name][i] for i in range(n) if valid(name,i) and t[i]>=start]
        return max(vals) if vals else None
    out={}
    out['duration']=t[-1]
    peak=mx('pressure',-1e9) if 'pressure' in ch else None
    out['peakPressure']=peak
    pi=None
    if peak is not None:
        thr=max(0.75*peak,2.0)
        # Rule 1: the first upward crossing after which the pressure stays >= thr for 3 s (or to the end).
        cand=None; prev=None; held=None
        for i in range(n):
            if not valid('pressure',i): continue
            v=ch['pressure'][i]
            if v>=thr:
                if cand is None:
                    if prev is not None and ch['pressure'][prev]<thr and v>ch['pressure'][prev]:
                        pv=ch['pressure'][prev]; cand=t[prev]+(thr-pv)/(v-pv)*(t[i]-t[prev])
                    else:
                        cand=t[i]
                if t[i]-cand>=3.0: held=cand; break
            else:
                cand=None
            prev=i
        if held is None: held=cand
        pi=held if held is not None else cross('pressure',thr)
        # Rule 2: phases. The last phase ending by pi whose pressure falls >= 1 bar from its top to its end.
        if pi is not None and len(phases)>=2:
            bloom=None
            for k in range(len(phases)-1):
                if phases[k+1]>pi: continue
                vals=[ch['pressure'][i] for i in range(n) if valid('pressure',i) and phases[k]<=t[i]<phases[k+1]]
                if vals and max(vals)-vals[-1]>=1.0: bloom=phases[k+1]
            if bloom is not None: pi=bloom
            else:
                holding=[k for k in range(len(phases)) if phases[k]<=pi]
                if holding and holding[-1]>=1: pi=phases[holding[-1]]
    out['preinfusion']=pi
    def sustained(name):
        # First drops (docs/shots.md): the first rise through 0.5 g after which no reading (negatives included:
        # below 0.5 g) falls below 0.5 g for 3 s nor before the weight reaches 1.5 g, which it must within 10 s.
        s=ch[name]
        def rd(i):
            v=s[i]
            return v if v is not None and math.isfinite(v) else None
        prev=None
        for i in range(n):
            v=rd(i)
            if v is None: continue
            if v>=0.5 and (prev is None or rd(prev)<0.5):
                t0=t[i]
                if prev is not None and rd(prev)>=0 and v>rd(prev):
                    t0=t[prev]+(0.5-rd(prev))/(v-rd(prev))*(t[i]-t[prev])
                held=True; gained=None
                for k in range(i,n):
                    if gained is not None and t[k]>t0+3.0: break
                    if t[k]>t0+10.0: break
                    u=rd(k)
                    if u is None: continue
                    if u<0.5: held=False; break
                    if gained is None and u>=1.5: gained=t[k]
                if held and gained is not None: return t0
            prev=i
        return None
    reached=cross('weight',0.5) if 'weight' in ch else None
    sfd=sustained('weight') if reached is not None else None
    sy=None; out['thirdYield']=None
    if reached is not None:
        last=[i for i in range(n) if valid('weight',i)][-1]; sy=ch['weight'][last]
        out['thirdYield']=cross('weight',sy/3)
    fd = sfd if sfd is not None else pi
    out['firstDrops']=fd; out['source']='scale' if sfd is not None else ('pressure' if pi is not None else None)
    out['extraction']=max(0,t[-1]-fd) if fd is not None else None
    start = pi if peak is not None else sfd
    def res(i):
        if not(valid('pressure',i) and valid('flow',i)): return None
        fl=ch['flow'][i]
        if fl<=0: return None
        r=ch['pressure'][i]/(fl*fl)
        return None if r>19 else r
    for k in ['meanPressure','meanFlow','peakFlow','meanResistance']: out[k]=None
    if start is not None:
        out['meanPressure']=tmean(lambda i:valid('pressure',i), lambda i:ch['pressure'][i], start)
        out['meanFlow']=tmean(lambda i:valid('flow',i), lambda i:ch['flow'][i], start)
        out['peakFlow']=mx('flow',start) if 'flow' in ch else None
        out['meanResistance']=tmean(lambda i:res(i) is not None, lambda i:res(i), start)
    w=None
    if 'flow' in ch:
        a=0.0;pairs=0
        for i in range(n-1):
            if valid('flow',i) and valid('flow',i+1):
                a+=(ch['flow'][i]+ch['flow'][i+1])/2*(t[i+1]-t[i]); pairs+=1
        w=a if pairs else None
    out['water']=w
    y = brew_yield if (brew_yield is not None and brew_yield>0) else sy
    out['yield']=y
    out['ratio']= y/dose if (y is not None and dose and dose>0) else None
    temp='basket' if ('basket' in ch and any(valid('basket',i) for i in range(n))) else 'mix'
    out['temperatureDeviation']=tmean(lambda i: valid(temp,i) and valid('goal',i),
                                      lambda i: abs(ch[temp][i]-ch['goal'][i]), -1e9)
    return out

# Decent JSON v2: elapsed has 109 entries, the series 110: the first 109 (Visualizer: min of the lengths).
d=json.load(open(P+'20211019T100744.json'))
n=len(d['elapsed'])
t=[f(x) for x in d['elapsed']]
ch={'pressure':[f(x) for x in d['pressure']['pressure'][:n]], 'flow':[f(x) for x in d['flow']['flow'][:n]],
    'weight':[f(x) for x in d['totals']['weight'][:n]], 'basket':[f(x) for x in d['temperature']['basket'][:n]],
    'mix':[f(x) for x in d['temperature']['mix'][:n]], 'goal':[f(x) for x in d['temperature']['goal'][:n]]}
print('decent', n, all(t[i]<t[i+1] for i in range(n-1)))
for k,v in metrics(t,ch,dose=None,brew_yield=42.6).items(): print('  ',k,repr(v))
# Its phases: a state_change value that flips sign (0 counts as neither) starts a phase.
sc=[f(x) for x in d['state_change'][:n]]; phases=[]; sign=0
for i in range(n):
    if sc[i]==0: continue
    sg=1 if sc[i]>0 else -1
    if sg!=sign: phases.append(t[i]); sign=sg
print('decent with phases', phases)
for k,v in metrics(t,ch,dose=None,brew_yield=42.6,phases=phases).items(): print('  ',k,repr(v))
g=json.load(open(P+'gaggiuino-1020.json'))['datapoints']
t=[p['timeInShot']/1000 for p in g]
ch={'pressure':[p['pressure'] for p in g],'flow':[p['pumpFlow'] for p in g],'weight':[p['shotWeight'] for p in g],
    'basket':[p['temperature'] for p in g],'goal':[p['targetTemperature'] for p in g]}
print('gaggiuino', len(t), all(t[i]<t[i+1] for i in range(len(t)-1)))
for k,v in metrics(t,ch,dose=18.0).items(): print('  ',k,repr(v))
m=json.load(open(P+'gaggimate-v1.json'))['samples']
t=[p['t']/1000 for p in m]
ch={'pressure':[p['cp'] for p in m],'flow':[p['fl'] for p in m],'weight':[p['v'] for p in m],
    'mix':[p['ct'] for p in m],'goal':[p['tt'] for p in m]}
print('gaggimate', len(t), all(t[i]<t[i+1] for i in range(len(t)-1)))
for k,v in metrics(t,ch).items(): print('  ',k,repr(v))
