# SPDX-License-Identifier: GPL-2.0
# The benchmark's ratios per scale point, with their 95% intervals.
#   gnuplot -e "data='plot.dat'; out='overhead.png'" bench.gp
# data: one block per comparison, its title on its first line, then
# "INDEX \"VCPUS/GROUPS\" MEAN LO HI" per scale point.
set terminal pngcairo size 1000,500 font ",10"
set output out
set termoption noenhanced
set title "hackbench time, each comparison's mean ratio and 95% interval"
set xlabel "vCPUs / hackbench groups"
set ylabel "time ratio"
set key outside right
set grid ytics
stats data using 1 nooutput
n = STATS_blocks
set xrange [0.5:STATS_max + 0.5]
plot data index 0 using 1:(NaN):xtic(2) notitle, \
	for [i = 0:n - 1] data index i using ($1 + (i - (n - 1) / 2.0) * 0.08):3:4:5 \
	with yerrorbars pt 7 ps 0.8 title columnheader(1), \
	1 with lines lc "black" dt 2 notitle
